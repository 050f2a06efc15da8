import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import * as pagefind from "pagefind";

/**
 * Where component tests find the site search's Pagefind bundle. The browser loads it from
 * `staticPaths.searchScript`; vitest.config.ts points that import here, and a test writes a real
 * bundle here (Pagefind's own script, WebAssembly and index) before it searches.
 */
export const searchBundleDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../.cache/test-search");

export interface SearchPage {
  url: string;
  title: string;
  text: string;
  language: "en" | "es";
}

/** Indexes the pages with Pagefind, as the build does, and writes the bundle to searchBundleDir. */
export async function writeSearchBundle(pages: SearchPage[]): Promise<void> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`search index: ${errors.join("; ")}`);
  for (const page of pages) {
    const added = await index.addCustomRecord({
      url: page.url,
      content: page.text,
      language: page.language,
      meta: { title: page.title },
    });
    if (added.errors.length) throw new Error(`search index: ${added.errors.join("; ")}`);
  }
  const { files, errors: fileErrors } = await index.getFiles();
  if (fileErrors.length) throw new Error(`search index: ${fileErrors.join("; ")}`);
  await pagefind.close();
  rmSync(searchBundleDir, { recursive: true, force: true });
  for (const file of files) {
    const path = join(searchBundleDir, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.content);
  }
}

/**
 * The network as the search sees it: each request for a file of the bundle is answered with the
 * file and recorded (by its path in the bundle, without the cache-busting query). Node's fetch
 * cannot read `file:` URLs, which is where the bundle's script says its files are.
 */
export function bundleFetch(requested: string[]): typeof fetch {
  return (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const path = fileURLToPath(new URL(url.pathname, "file:///"));
    const inBundle = relative(searchBundleDir, path);
    if (url.protocol !== "file:" || inBundle.startsWith("..") || inBundle.startsWith(sep))
      return Promise.reject(new TypeError(`the search fetched ${url.href}, outside its bundle`));
    requested.push(inBundle.split(sep).join("/"));
    return Promise.resolve(existsSync(path) ? new Response(readFileSync(path)) : new Response(null, { status: 404 }));
  };
}
