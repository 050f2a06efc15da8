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

/** Below Tailwind's `md` breakpoint. */
export const narrowScreen = "(max-width: 47.99rem)";

/** What the dock steps aside for: the forms a visitor fills in (not the blog's search box). */
export const formSelector = 'main form:not([role="search"])';

function isField(element: EventTarget | null): boolean {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  );
}

/**
 * The dock (and the language offer) never covers what the visitor is filling in: it steps aside
 * while a form field has focus or, on phones, while a form is on screen, and comes back after.
 */
function wireStepAside(): void {
  const docked = all(behaviour.dock);
  if (docked.length === 0) return;
  let focused = false;
  const formsInView = new Set<Element>();
  // Where the dock's row spans the reading column (phones), a form on screen sends it away; on
  // wider screens it sits in the margin and leaves only while a field has focus.
  const narrow = window.matchMedia(narrowScreen);
  narrow.addEventListener("change", () => update());
  const update = () => {
    const away = focused || (narrow.matches && formsInView.size > 0);
    for (const element of docked) element.toggleAttribute("data-away", away);
  };
  document.addEventListener("focusin", (event) => {
    focused = isField(event.target);
    update();
  });
  document.addEventListener("focusout", (event) => {
    if (isField(event.target) && !isField(event.relatedTarget)) focused = false;
    update();
  });
  if (!("IntersectionObserver" in window)) return;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) formsInView.add(entry.target);
      else formsInView.delete(entry.target);
    }
    update();
  });
  for (const form of document.querySelectorAll(formSelector)) observer.observe(form);
}

/** The floating buttons' behaviour: plain DOM, on every page, from the first script. */
export function wireDock(): void {
  wireScroll();
  wireChat();
  wireTooltips();
  wireStepAside();
}
