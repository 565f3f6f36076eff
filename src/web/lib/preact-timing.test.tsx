import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';

// Rendered with createRoot and no act(), which would run the effects itself: these tests are
// about when the page runs them.

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

/** One turn of the message queue, where the effects are scheduled. */
const nextMessage = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

async function settle() {
  for (let turn = 0; turn < 5; turn++) await nextMessage();
}

function mount(node: ReactNode) {
  const container = document.body.appendChild(document.createElement('div'));
  createRoot(container).render(node);
  return container;
}

it('runs effects just after a render, with no animation frame or timer (a held clock still sees them)', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'requestAnimationFrame'] });
  function Probe() {
    const [ran, setRan] = useState(false);
    useEffect(() => setRan(true), []);
    return <p>{ran ? 'effect ran' : 'waiting'}</p>;
  }
  const container = mount(<Probe />);
  await settle();
  expect(container.textContent).toBe('effect ran');
});

it("runs one render's effects before the next render, as React does (a Radix tooltip relies on it)", async () => {
  const log: string[] = [];
  /** Shows its children only after its first layout, as Radix's Portal does. */
  function Later({ children }: { children: ReactNode }) {
    const [ready, setReady] = useState(false);
    useLayoutEffect(() => setReady(true), []);
    return ready ? children : null;
  }
  /** Listens from an effect, and renders twice on mounting, as the tooltip's content does. */
  function Listener() {
    const [renders, setRenders] = useState(1);
    useLayoutEffect(() => {
      if (renders === 1) setRenders(2);
    }, [renders]);
    useEffect(() => {
      log.push('the content listens');
    }, []);
    return null;
  }
  function Tooltip() {
    const [open, setOpen] = useState(false);
    useEffect(() => {
      if (open) log.push('the root announces it opened');
    }, [open]);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          open
        </button>
        {open && (
          <Later>
            <Listener />
          </Later>
        )}
      </>
    );
  }
  const container = mount(<Tooltip />);
  await settle();
  container.querySelector('button')!.click();
  await settle();
  expect(log).toEqual(['the root announces it opened', 'the content listens']);
});
