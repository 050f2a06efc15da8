import { allPages } from "../../core/routes";

/** Every prerendered page of the route map, with its language. */
export const everyPage = allPages.flatMap((page) =>
  (Object.entries(page.paths) as ["en" | "es", string][]).map(([locale, path]) => ({
    key: page.key,
    kind: page.kind,
    locale,
    path,
    page,
  })),
);

/**
 * One page of every kind in each language: what checks that look at a page's structure (axe) need,
 * while the route and HTML checks still cover every page.
 */
export const onePerKind = everyPage.filter(
  (entry, index) =>
    everyPage.findIndex((other) => other.kind === entry.kind && other.locale === entry.locale) === index,
);
