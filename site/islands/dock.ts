import { behaviour } from "./behaviours";

/** The Info and scroll-to-top buttons appear past 300 px of scrolling. */
export const scrollThreshold = 300;
/** The chat button appears 3 s after the page loads. */
export const chatDelayMs = 3000;
/** A button's label shows after 700 ms of hovering, at once if another closed under 300 ms ago. */
export const tooltipDelayMs = 700;
export const tooltipSkipDelayMs = 300;

function all(attribute: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`[${attribute}]`)];
}

function wireScroll(): void {
  const afterScroll = all(behaviour.afterScroll);
  if (afterScroll.length === 0) return;
  const update = () => {
    const past = window.scrollY > scrollThreshold;
    for (const element of afterScroll) if (element.hidden === past) element.hidden = !past;
  };
  update();
  window.addEventListener("scroll", update, { passive: true });
}

function wireChat(): void {
  const chat = all(behaviour.chat);
  window.setTimeout(
    () => {
      for (const element of chat) element.hidden = false;
    },
    Math.max(0, chatDelayMs - performance.now()),
  );
}

function wireTooltips(): void {
  let lastClosed = -Infinity;
  for (const label of all(behaviour.tooltip)) {
    const owner = label.parentElement;
    if (!owner) continue;
    let timer: number | undefined;
    const show = () => {
      window.clearTimeout(timer);
      const skip = performance.now() - lastClosed < tooltipSkipDelayMs;
      timer = window.setTimeout(() => (label.hidden = false), skip ? 0 : tooltipDelayMs);
    };
    const hide = () => {
      window.clearTimeout(timer);
      if (!label.hidden) lastClosed = performance.now();
      label.hidden = true;
    };
    owner.addEventListener("pointerenter", show);
    owner.addEventListener("pointerleave", hide);
    owner.addEventListener("focusin", show);
    owner.addEventListener("focusout", hide);
    owner.addEventListener("keydown", (event) => event.key === "Escape" && hide());
  }
}

/** The floating buttons' behaviour: plain DOM, on every page, from the first script. */
export function wireDock(): void {
  wireScroll();
  wireChat();
  wireTooltips();
}
