/**
 * Runs `task` once the page has loaded and the browser is idle (or after 5 s at most): for code the page may want later,
 * which must not compete with its own code and first render.
 */
export function whenIdle(task: () => void): void {
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 5000 });
    else setTimeout(task, 1000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
