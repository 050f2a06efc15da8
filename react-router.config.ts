import type { Config } from "@react-router/dev/config";
import { allPages } from "./core/routes";
import { notFoundPaths } from "./core/site-paths";
import { siteUrlFrom } from "./core/site-url";

// The prerendered pages carry SITE_URL in canonical links and structured data: a bad value stops
// the build here, with a one-line message, before any page is written.
siteUrlFrom(process.env.SITE_URL);

export default {
  appDirectory: "site",
  // BUILD_DIR lets a second build (the site for another API origin) sit beside the main one.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every page is prerendered to static HTML; the site can be served by any static host.
  ssr: false,
  routeDiscovery: { mode: "initial" },
  prerender: {
    paths: [...allPages.flatMap((page) => Object.values(page.paths)), ...Object.values(notFoundPaths)],
    concurrency: 4,
  },
} satisfies Config;
