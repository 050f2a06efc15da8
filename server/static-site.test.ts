import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../tests/support/intake";
import { tinySite } from "../tests/support/tiny-site";
import { logTo } from "./log";
import { buildIdFileName, createRebuildingSiteHandler } from "./static-site";

function write(dir: string, path: string, body: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), body);
}

const restores: (() => void)[] = [];
afterEach(() => {
  for (const restore of restores.splice(0)) restore();
});

/** The server's site over a build folder, with the clock and the policy each build has. */
function servedBuild() {
  const clientDir = tinySite();
  const buildIdFile = join(tempDir("lfh-build-"), buildIdFileName);
  writeFileSync(buildIdFile, "build-1\n");
  const clock = { now: 0 };
  const build = { policy: "default-src 'self'" };
  // The reload's log line is not this test's business.
  restores.push(logTo(() => undefined));
  const app = new Hono();
  const site = createRebuildingSiteHandler({
    clientDir,
    buildIdFile,
    checkEveryMs: 1000,
    now: () => clock.now,
    csp: () => {
      const policy = build.policy;
      return () => policy;
    },
  });
  app.get("*", (c) => site(c));
  return { app, clientDir, buildIdFile, clock, build };
}

describe("the running server follows a new build", () => {
  it("serves a page added by a later build, without a restart, once the build has written its id", async () => {
    const { app, clientDir, buildIdFile, clock, build } = servedBuild();
    expect((await app.request("/blog/new-article")).status).toBe(404);

    // The build writes the page first and its id last: until the id changes the old build is served.
    write(clientDir, "blog/new-article/index.html", "<!doctype html><title>New</title><p>new article</p>");
    clock.now += 5000;
    expect((await app.request("/blog/new-article")).status).toBe(404);

    build.policy = "default-src 'none'";
    writeFileSync(buildIdFile, "build-2\n");
    clock.now += 5000;
    const page = await app.request("/blog/new-article");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("new article");
    // The new build's policies come with it.
    expect(page.headers.get("Content-Security-Policy")).toBe("default-src 'none'");
  });

  it("serves a page's new text after a rebuild, where the old one had been cached", async () => {
    const { app, clientDir, buildIdFile, clock } = servedBuild();
    expect(await (await app.request("/contact")).text()).toContain("<p>contact</p>");
    write(clientDir, "contact/index.html", "<!doctype html><title>Contact</title><p>call us today</p>");
    writeFileSync(buildIdFile, "build-2\n");
    clock.now += 1000;
    expect(await (await app.request("/contact")).text()).toContain("call us today");
  });

  it("looks for a new build at most once a second, whatever the traffic", async () => {
    const { app, clientDir, buildIdFile, clock } = servedBuild();
    write(clientDir, "added/index.html", "<p>added</p>");
    writeFileSync(buildIdFile, "build-2\n");
    clock.now += 999;
    expect((await app.request("/added")).status).toBe(404);
    clock.now += 1;
    expect((await app.request("/added")).status).toBe(200);
  });
});
