import { options } from 'preact';

/**
 * The web app runs on Preact (vite.config.ts), and its libraries (Radix above all) count on React's
 * order of effects. Preact runs `useEffect` callbacks after the next animation frame (or a 35 ms
 * timer), and may render again before that; React never starts a render while effects of the last
 * one are waiting. A Radix tooltip showed why that matters: the render that opened it mounted its
 * content, which listened for 'a tooltip opened' before the tooltip's own effect sent it, and so
 * closed at once.
 *
 * So the effects of a render run when it is committed: after the DOM changes and the layout
 * effects, before any other render, as React does after a click. A message (not a frame or a timer)
 * is the backstop, so background tabs and tests that hold the clock see them too.
 */
type CommitHook = (vnode: unknown, commitQueue: unknown[]) => void;
/** `_commit` is Preact's hook at the end of each commit (mangled to `__c`, as preact/hooks uses it). */
const hooks = options as typeof options & { __c?: CommitHook };

const channel = new MessageChannel();
let waiting: (() => void)[] = [];

function runWaitingEffects() {
  const run = waiting;
  waiting = [];
  for (const callback of run) callback();
}

channel.port1.onmessage = runWaitingEffects;
options.requestAnimationFrame = (callback) => {
  waiting.push(callback);
  if (waiting.length === 1) channel.port2.postMessage(null);
};

const commit = hooks.__c; // preact/hooks': runs the layout effects
hooks.__c = (vnode, commitQueue) => {
  commit?.(vnode, commitQueue);
  runWaitingEffects();
};
