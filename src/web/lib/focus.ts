/**
 * Where keyboard focus goes when the control that had it leaves the page (the buttons of an answered
 * request or invitation): the first of these elements that is there (a list's heading, with
 * tabIndex -1), else the page's main. After a frame, so that the list has re-rendered; not when
 * focus is still on something on the page.
 */
export function focusFirstOf(...ids: string[]): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && active.isConnected && !active.matches(':disabled')) return;
    const target = ids.map((id) => document.getElementById(id)).find((el) => el !== null) ?? document.getElementById('main');
    target?.focus();
  });
}
