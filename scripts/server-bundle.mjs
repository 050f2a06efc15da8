// The server's bundles (build/node): its own code in one file per entry, every package left to
// node_modules, so each bare import of these files is a package a production install must hold
// (scripts/server-bundle.test.ts checks `dependencies` against them).

/** @type {import("esbuild").BuildOptions} */
export const serverBundle = {
  // The resume worker runs in its own thread, so it is a file of its own beside the server; the
  // commands (`npm run leads|staff|backup|restore`) run these on a production install, which has
  // no tsx (scripts/server-cli.mjs).
  entryPoints: {
    main: "server/main.ts",
    "upload-worker": "server/intake/uploads/upload-worker.ts",
    "backup-cli": "server/backup-cli.ts",
    "leads-cli": "server/leads-cli.ts",
    "staff-cli": "server/staff-cli.ts",
  },
  outdir: "build/node",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
};
