import type { ComponentProps } from "react";

/**
 * Every part of a page that runs in the browser. The page itself is static HTML; each island is
 * hydrated on its own (a React root of its own) when it is needed, and its code is a chunk of its
 * own. The prerender renders the same components to HTML (see island.tsx).
 */
export const islandLoaders = {
  header: () => import("../components/header").then((m) => m.Header),
  "language-suggestion": () => import("../components/language-suggestion").then((m) => m.LanguageSuggestion),
  floating: () => import("../components/page-extras").then((m) => m.PageExtras),
  "lead-form": () => import("../components/lead-form").then((m) => m.LeadForm),
  "careers-form": () => import("../components/careers-form").then((m) => m.CareersForm),
  "blog-search": () => import("../components/blog-search").then((m) => m.BlogSearch),
  videos: () => import("../components/videos").then((m) => m.VideoList),
  "legacy-redirect": () => import("../components/legacy-redirect").then((m) => m.LegacyRedirect),
};

export type IslandName = keyof typeof islandLoaders;
export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof islandLoaders)[N]>>;
export type IslandProps<N extends IslandName> = ComponentProps<IslandComponent<N>>;

/**
 * When an island's code loads and hydrates: `idle` once the browser has nothing else to do (the
 * page is readable and scrollable before), `visible` when it comes near the viewport.
 */
export type HydrateWhen = "idle" | "visible";

export function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(islandLoaders, name);
}
