import { build } from "esbuild";
await build({ entryPoints: { main: "server/main.ts", "upload-worker": "server/intake/upload-worker.ts", "backup-cli": "server/backup-cli.ts" }, outdir: "build/node", outExtension: { ".js": ".mjs" }, bundle: true, platform: "node", target: "node20", format: "esm", packages: "external", sourcemap: true, logLevel: "warning" });
