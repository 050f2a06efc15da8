// `npm start`: builds once when there is no build yet, then serves site and API from one process.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/node/main.mjs") || !existsSync("build/client/index.html")) {
  console.log("No build found: building first (this takes a few minutes the first time).");
  execFileSync("node", ["scripts/build.mjs"], { stdio: "inherit" });
}
await import(new URL("../build/node/main.mjs", import.meta.url).href);
