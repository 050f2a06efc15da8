// The whole build: images, the prerendered site, its post-processing and the server bundle.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { build } from "esbuild";
import { serverBundle } from "./server-bundle.mjs";

// A step that fails has printed its own messages (a content mistake names the file and field):
// the build stops there without adding a stack trace of its own.
const run = (cmd, args) => {
  try {
    execFileSync(cmd, args, { stdio: "inherit" });
  } catch {
    console.error(`\nThe build stopped: ${[cmd, ...args].join(" ")} failed (its messages are above).`);
    process.exit(1);
  }
};
const started = Date.now();

// The firm's settings and the route map's content pages first: a content problem stops the build
// before anything is written.
run("npx", ["tsx", "scripts/firm-data.ts"]);
run("npx", ["tsx", "scripts/content-routes.ts"]);
// Every amount a page shows comes from the fee table: an amount typed by hand stops the build.
run("npx", ["tsx", "scripts/check-fees.ts"]);
// Every page against the ledger: a page missing a current development on one of its topics stops it.
run("npx", ["tsx", "scripts/check-content.ts", "--developments-only"]);
// Every practice page opens with its summary, and each of its links reaches a heading of the page.
run("npx", ["tsx", "scripts/check-content.ts", "--summaries-only"]);
run("npx", ["tsx", "scripts/build-images.ts"]);
run("npx", ["tsx", "scripts/build-workbook.ts"]);
// The islands first: the prerender links their entry script from this build's manifest.
run("npx", ["vite", "build", "--config", "vite.islands.config.ts", "--logLevel", "warn"]);
run("npx", ["react-router", "build"]);
// The editor at /admin, after the pages (its preview uses their stylesheet) and before compression.
run("npx", ["tsx", "scripts/build-admin.ts"]);
run("npx", ["tsx", "scripts/postbuild.ts"]);
// The reverse proxy's share of the pages (deploy/nginx): their headers and redirects, from this build.
run("npx", ["tsx", "scripts/proxy-config.ts"]);
await build(serverBundle);
// Last, once every file is in place: a running server (`npm start`, `npm run cms`) sees a new id
// and serves this build from its next request (server/static-site.ts), without a restart.
writeFileSync("build/build-id", `${new Date().toISOString()} ${process.pid}\n`);
console.log(`build finished in ${Math.round((Date.now() - started) / 1000)} s`);
