/**
 * The only script a page loads first. It is small and plain: it wires the behaviours every page
 * has (the loading placeholder while the next page loads, Request Information, the language
 * preference, recovery from a stale deployment) and schedules each island's hydration. React and
 * the islands' code load only when an island is due.
 */
import type { SiteData } from "../lib/locale";
import type * as HydrateModule from "./hydrate";
import { recoverFromStaleDeploy } from "../lib/preload-recovery";
import { wirePageBehaviours } from "./behaviours";
import { isIslandName } from "./registry";

function siteData(): SiteData | undefined {
  const text = document.getElementById("site-data")?.textContent;
  return text ? (JSON.parse(text) as SiteData) : undefined;
}

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 200);
}

function whenVisible(element: HTMLElement, run: () => void): void {
  if (!("IntersectionObserver" in window)) return whenIdle(run);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: "400px 0px" },
  );
  // A display: contents wrapper has no box of its own: observe its first rendered child.
  observer.observe(element.firstElementChild ?? element);
}

/**
 * Until an island is hydrated, a click on one of its buttons is held (not lost, and not a native
 * form post) and clicked again once React listens. Using the island (focus, pointer down) starts
 * its hydration at once, whatever its schedule.
 */
function holdEarlyClicks(element: HTMLElement, hydrate: () => Promise<void>): () => void {
  let held: HTMLElement | undefined;
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button) return;
    held = button;
    event.preventDefault();
  };
  const onUse = () => void hydrate();
  element.addEventListener("click", onClick);
  element.addEventListener("focusin", onUse);
  element.addEventListener("pointerdown", onUse);
  return () => {
    element.removeEventListener("click", onClick);
    element.removeEventListener("focusin", onUse);
    element.removeEventListener("pointerdown", onUse);
    held?.click();
  };
}

function start(): void {
  recoverFromStaleDeploy();
  wirePageBehaviours();
  const site = siteData();
  if (!site) return;
  let hydrator: Promise<typeof HydrateModule> | undefined;
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const name = element.dataset.island;
    if (!isIslandName(name)) continue;
    let hydrated: Promise<void> | undefined;
    const hydrate = (): Promise<void> => {
      hydrator ??= import("./hydrate");
      hydrated ??= hydrator.then(({ hydrateIsland }) => hydrateIsland(element, name, site)).then(() => release());
      return hydrated;
    };
    const release = holdEarlyClicks(element, hydrate);
    if (element.dataset.hydrate === "visible") whenVisible(element, () => void hydrate());
    else whenIdle(() => void hydrate());
  }
}

start();
