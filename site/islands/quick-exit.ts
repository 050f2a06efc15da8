import { behaviour } from "./behaviours";

/** Esc pressed this many times within the window leaves the page. */
export const quickExitPresses = 3;
export const quickExitWindowMs = 1500;

/**
 * The quick exit: the button or Esc three times replaces this page with a neutral site, so Back
 * does not return to it. Plain DOM from the first script: it works before anything hydrates.
 */
export function wireQuickExit(): void {
  const exit = document.querySelector<HTMLAnchorElement>(`[${behaviour.quickExit}]`);
  const target = exit?.getAttribute(behaviour.quickExit);
  if (!exit || !target) return;
  const leave = () => window.location.replace(target);
  exit.addEventListener("click", (event) => {
    event.preventDefault();
    leave();
  });
  let presses: number[] = [];
  document.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Escape") return;
      const now = performance.now();
      presses = [...presses.filter((at) => now - at < quickExitWindowMs), now];
      if (presses.length >= quickExitPresses) leave();
    },
    { capture: true },
  );
}
