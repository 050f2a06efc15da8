import { behaviour } from "./behaviours";

/** Esc pressed this many times within the window leaves the page. */
export const quickExitPresses = 3;
export const quickExitWindowMs = 1500;

/** Keys that only someone using a keyboard presses: from then on the hint names the Esc shortcut. */
const keyboardKeys = new Set(["Tab", "Escape", "ArrowDown", "ArrowUp", "F6"]);

/**
 * The quick exit, as domestic-violence services do it: a neutral site opens in a new tab and
 * replaces this page in the current one, so Back does not return to it. Links from one survivor
 * page to another replace the history entry too, so no survivor page is left behind the exit.
 * Plain DOM from the first script: it works before anything hydrates.
 */
export function wireQuickExit(): void {
  const strip = document.querySelector<HTMLElement>(`[${behaviour.quickExitStrip}]`);
  if (!strip) return;
  const survivorPaths = new Set((strip.getAttribute(behaviour.quickExitStrip) ?? "").split(" ").filter(Boolean));
  const exit = strip.querySelector<HTMLAnchorElement>(`[${behaviour.quickExit}]`);
  const target = exit?.getAttribute(behaviour.quickExit);
  if (!exit || !target) return;
  const newTab = exit.getAttribute(behaviour.quickExitNewTab);
  const leave = () => {
    if (newTab) window.open(newTab, "_blank", "noopener");
    window.location.replace(target);
  };
  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Element)) return;
    // The strip's button, or the one in the open mobile menu.
    if (event.target.closest(`[${behaviour.quickExit}]`)) {
      event.preventDefault();
      leave();
      return;
    }
    const anchor = event.target.closest("a");
    if (
      !anchor ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      anchor.target ||
      anchor.origin !== window.location.origin ||
      !survivorPaths.has(anchor.pathname)
    )
      return;
    event.preventDefault();
    window.location.replace(anchor.href);
  });
  let presses: number[] = [];
  document.addEventListener(
    "keydown",
    (event) => {
      if (keyboardKeys.has(event.key)) document.documentElement.setAttribute("data-keyboard-user", "");
      if (event.key !== "Escape") return;
      const now = performance.now();
      presses = [...presses.filter((at) => now - at < quickExitWindowMs), now];
      if (presses.length >= quickExitPresses) leave();
    },
    { capture: true },
  );
}

/**
 * Following a link to a survivor page leaves this page at its top: after a quick exit (which
 * replaces the survivor page), one Back shows the top of this page, not the card the visitor
 * clicked, which would tell someone glancing at the screen where they went. The browser neither
 * restores the scroll position (a reload) nor keeps it (the back-forward cache).
 */
export function wireReturnAtTop(): void {
  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Element) || !event.target.closest(`a[${behaviour.toSurvivorPage}]`)) return;
    history.scrollRestoration = "manual";
    window.addEventListener("pageshow", (shown) => shown.persisted && window.scrollTo(0, 0), { once: true });
  });
}
