// `npm run leads|staff|backup|restore`: the server's commands, from the TypeScript source where tsx
// is installed (a development install, so a change needs no build), else from the build's bundle
// (a production install, `npm ci --omit=dev`, has no tsx). Same code, same arguments, same exit code.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const [name, ...args] = process.argv.slice(2);
const root = fileURLToPath(new URL("..", import.meta.url));
const hasTsx = (() => {
  try {
    return Boolean(createRequire(import.meta.url).resolve("tsx"));
  } catch {
    return false;
  }
})();
const command = hasTsx ? ["--import", "tsx", `${root}server/${name}-cli.ts`] : [`${root}build/node/${name}-cli.mjs`];
const { status, signal } = spawnSync(process.execPath, [...command, ...args], { stdio: "inherit" });
process.exitCode = status ?? (signal ? 1 : 0);
