// `npm run cms`: the editor on this machine. decap-server (loopback only, behind cms-local.ts, which
// makes a save change only what was edited) saves edits as Markdown in this working tree; the site,
// with the editor at /admin, is served as by `npm start`.
// Rebuild (`npm run build`) to see saved pages on the site; commit and push to publish.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const decap = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("./cms-local.ts", import.meta.url))], {
  stdio: "inherit",
  env: { ...process.env, CMS_LOCAL_PORT: process.env.CMS_LOCAL_PORT ?? "8081", GIT_REPO_DIRECTORY: process.cwd() },
});
process.on("exit", () => decap.kill());
console.log(`Editor: http://127.0.0.1:${process.env.PORT ?? 3000}/admin (press Ctrl+C to stop)`);
await import(new URL("./start.mjs", import.meta.url).href);
