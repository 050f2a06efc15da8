/**
 * When each island of the page hydrates (its `data-hydrate`: on first use, when near the viewport,
 * or when the browser is idle), and what happens to a click that arrives before it has.
 */
import type { PageData } from "../lib/locale";
import type * as HydrateModule from "./hydrate";
import { isIslandName, islandTag, type IslandName } from "./names";

function jsonBlock<T>(id: string): T | undefined {
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : undefined;
}

export function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 200);
}

// Every browser that runs this script's syntax (`??=`) has IntersectionObserver.
function whenVisible(element: HTMLElement, run: () => void): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: "200px 0px" },
  );
  // A display: contents wrapper has no box of its own: observe its first rendered child.
  observer.observe(element.firstElementChild ?? element);
}

/**
 * Fetches (and lets the browser compile) modules without running them. A file the page already
 * preloads is not fetched twice: the browser's module map holds each address once.
 */
function prefetch(files: readonly string[]): void {
  for (const href of files) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}

const useEvents = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

/**
 * Until an island is hydrated, a click on one of its buttons is held (not lost, and not a native
 * form post) and clicked again once React listens, or once its hydration has failed, when the
 * click does what the HTML alone does. Reaching for the island starts its hydration. The button is
 * remembered by its place among the island's buttons: an island that fails while rendering has its
 * prerendered HTML put back (hydrate.tsx), and the click goes to that copy's button.
 */
function holdEarlyClicks(element: HTMLElement, hydrate: () => Promise<void>): () => void {
  const buttons = element.getElementsByTagName("button");
  let held = -1;
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button) return;
    held = [...buttons].indexOf(button);
    event.preventDefault();
  };
  const onUse = () => void hydrate();
  element.addEventListener("click", onClick);
  for (const type of useEvents) element.addEventListener(type, onUse, { passive: true });
  return () => {
    element.removeEventListener("click", onClick);
    for (const type of useEvents) element.removeEventListener(type, onUse);
    buttons[held]?.click();
  };
}

// The page's data is read when an island needs it, not while the page loads.
let hydrator: Promise<typeof HydrateModule> | undefined;
let files: Partial<Record<IslandName | "hydrate", string[]>> | undefined;

/** Sets up one island's hydration at the moment its `data-hydrate` names; returns what starts it. */
function schedule(element: HTMLElement): (() => Promise<void>) | undefined {
  const name = element.dataset.island;
  if (!isIslandName(name)) return;
  let hydrated: Promise<void> | undefined;
  const hydrate = (): Promise<void> => {
    hydrated ??= (async () => {
      const page = jsonBlock<PageData>("site-data");
      if (!page) throw new Error("the page has no #site-data");
      hydrator ??= import("./hydrate");
      const { hydrateIsland } = await hydrator;
      await hydrateIsland(element, name, page);
    })()
      // Hydrated or not, the held click goes through: without its code the island is the
      // prerendered HTML, whose links and native controls (a form's own POST) still work.
      .catch((error: unknown) => console.error(`The ${name} island could not start:`, error))
      .finally(() => release());
    return hydrated;
  };
  const release = holdEarlyClicks(element, hydrate);
  const when = element.dataset.hydrate;
  if (when === "query" && new URLSearchParams(window.location.search).get("q")?.trim()) {
    // Opened from a search's address (the structured data's search action): the results are
    // what the visitor came for, first on the screen and without waiting to be scrolled to.
    element.firstElementChild?.scrollIntoView({ block: "start" });
    void hydrate();
  } else if (when === "visible") whenVisible(element, () => void hydrate());
  else if (when === "idle") whenIdle(() => void hydrate());
  else
    whenIdle(() => {
      files ??= jsonBlock("island-files") ?? {};
      // A search's code (its client and index reader) is fetched only when the visitor uses it.
      prefetch([...(files.hydrate ?? []), ...(when === "use" ? (files[name] ?? []) : [])]);
    });
  return hydrate;
}

/**
 * Islands are `<site-island>` elements (as Astro's `<astro-island>` and 11ty's `<is-land>`): each
 * schedules itself when it is connected, so the islands of the prerendered page (upgraded when the
 * element is defined) and any island inserted later alike hydrate. Called once per page.
 */
export function defineIslands(): void {
  customElements.define(
    islandTag,
    class extends HTMLElement {
      /** An island moved in the page is connected again: it is scheduled once. */
      hydrate?: () => Promise<void>;
      connectedCallback() {
        this.hydrate ??= schedule(this);
      }
    },
  );
}
