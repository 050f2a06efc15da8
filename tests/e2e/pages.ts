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
