import { describe, expect, it } from "vitest";
import { checkRouterOutput, routerClientFiles } from "./react-router-adapter";

/** What React Router 7 writes into build/client today, besides the pages and styles. */
const routerOutput = ["assets/entry.client-1a2b.js", "assets/root-3c4d.js", "contact.data", "__spa-fallback.html"];

describe("the adapter to React Router's build output", () => {
  it("finds React Router's client files among the build's, and only those", () => {
    expect(routerClientFiles([...routerOutput, "contact/index.html", "assets/app-9f.css"]).sort()).toEqual(
      [...routerOutput].sort(),
    );
  });

  it("stops the build, naming what changed, when React Router no longer writes what it expects", () => {
    expect(() => routerClientFiles(["assets/root-3c4d.js", "contact/index.html"])).toThrow(
      /no \.data file per prerendered page; no __spa-fallback\.html.*react-router-adapter/,
    );
  });

  it("finds React Router's client in finished pages: a hand-off after </html>, its scripts, its files", () => {
    const pages: Record<string, string> = {
      "index.html":
        '<!DOCTYPE html><html><head><script type="module" src="/assets/client-1.js"></script></head></html>',
      "contact/index.html": "<!DOCTYPE html><html></html><script>window.__reactRouterContext={}</script>",
      "blog/index.html": '<html><link rel="modulepreload" href="/assets/manifest-2.js"></html>',
    };
    const problems = checkRouterOutput(
      [...Object.keys(pages), "blog.data"],
      (path) => pages[path] ?? "",
      new Set(["/assets/client-1.js"]),
    );
    expect(problems).toEqual([
      "contact/index.html: something follows </html>",
      "contact/index.html: holds __reactRouterContext",
      "blog/index.html: loads /assets/manifest-2.js, which the islands build did not make",
      "blog.data: React Router's client output is left in the site",
    ]);
  });
});
