import type { IslandName } from "./names";

/**
 * Every part of a page that runs in the browser. The page itself is static HTML; each island is
 * hydrated on its own (a React root of its own) when it is needed, and its code is a chunk of its
 * own. The prerender renders the same components to HTML (see island.tsx). An island's name is
 * the file name of its module under site/components/ (names.ts), which lets the build find its code.
 */
export const islandLoaders = {
  header: () => import("../components/header").then((m) => m.Header),
  "lead-form": () => import("../components/lead-form").then((m) => m.LeadForm),
  "careers-form": () => import("../components/careers-form").then((m) => m.CareersForm),
  "site-search": () => import("../components/site-search").then((m) => m.SiteSearch),
  videos: () => import("../components/videos").then((m) => m.VideoList),
  "legacy-redirect": () => import("../components/legacy-redirect").then((m) => m.LegacyRedirect),
};

/** Every name has a loader and every loader a name: `true` type-checks only when the two lists agree. */
const sameIslands: [
  Exclude<IslandName, keyof typeof islandLoaders>,
  Exclude<keyof typeof islandLoaders, IslandName>,
] extends [never, never]
  ? true
  : false = true;
void sameIslands;

export type { IslandName };
export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof islandLoaders)[N]>>;

/**
 * When an island hydrates. `use`: when the visitor first reaches for it (pointer, touch, focus);
 * its code is fetched, not run, once the browser is idle, so the first use does not wait on the
 * network. `visible`: when it comes near the viewport. `query`: at once, brought to the top of
 * the screen, when the address carries a search (`?q=`), else on first use like `use`, but its own
 * code is not prefetched: a search box costs nothing until the visitor reaches for it. `idle`: once the
 * browser is idle. Until then the prerendered HTML stands: links and native controls already work.
 */
export type HydrateWhen = "use" | "visible" | "query" | "idle";
