import type { Page } from "@playwright/test";
import { localeFromPath } from "../core/locales";
import { allPages, type PageKind } from "../core/routes";

/** Script and style sheets a page may transfer before the visitor does anything (gzip/brotli bytes). */
export const firstLoadBudget = { script: 62 * 1024, css: 20 * 1024 };

export interface FirstLoad {
  script: number;
  css: number;
  files: { name: string; bytes: number }[];
}

/** One page of each kind in each language: what the budget and the size benchmark measure. */
export function pagePerKind(): { kind: PageKind; path: string }[] {
  const seen = new Set<string>();
  return allPages.flatMap((page) =>
    Object.values(page.paths).flatMap((path) => {
      const id = `${page.kind} ${localeFromPath(path)}`;
      if (seen.has(id)) return [];
      seen.add(id);
      return [{ kind: page.kind, path }];
    }),
  );
}

/**
 * Loads a page in a real browser and adds up the compressed bytes of every script and style sheet
 * it fetched once the network is quiet and the islands due "when idle" have loaded: exactly what
 * a visitor's phone downloads without touching anything.
 */
export async function measureFirstLoad(page: Page, url: string): Promise<FirstLoad> {
  await page.goto(url, { waitUntil: "networkidle" });
  // Idle islands start within 3 s at the latest; wait for their code and anything it pulls in.
  await page.waitForTimeout(3500);
  await page.waitForLoadState("networkidle");
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((e) => e instanceof PerformanceResourceTiming)
      .map((e) => ({ name: new URL(e.name).pathname, bytes: e.encodedBodySize })),
  );
  const files = entries.filter((e) => /\.(js|css)$/.test(e.name));
  const sum = (ext: string) => files.filter((f) => f.name.endsWith(ext)).reduce((total, f) => total + f.bytes, 0);
  return { script: sum(".js"), css: sum(".css"), files };
}
