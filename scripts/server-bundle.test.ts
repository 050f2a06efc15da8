import { readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { serverBundle } from "./server-bundle.mjs";

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The package a bare specifier names: `hono/cors` is hono, `@hono/node-server/conninfo` @hono/node-server. */
const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
const isBare = (specifier: string) => !/^[./]/.test(specifier) && !isBuiltin(specifier);

describe("the production install (package.json dependencies)", () => {
  it("holds every package the built server and its commands use at run time, and nothing else", async () => {
    const { metafile, outputFiles } = await build({
      ...serverBundle,
      write: false,
      metafile: true,
      sourcemap: false,
      logLevel: "silent",
    });
    const imported = Object.values(metafile.outputs).flatMap((output) =>
      output.imports.filter((entry) => entry.external).map((entry) => entry.path),
    );
    // A package read as a file rather than imported (the passkey script the staff console serves,
    // the SQLite driver the backup's thread loads) is found with `require.resolve`.
    const resolved = outputFiles.flatMap((file) =>
      [...file.text.matchAll(/\.resolve\("([^"]+)"\)/g)].map((m) => m[1]!),
    );
    const used = new Set([...imported, ...resolved].filter(isBare).map(packageOf));
    expect([...used].sort()).toEqual(Object.keys(pkg.dependencies).sort());
  });

  it("leaves what only builds the site to the development install", () => {
    const buildOnly = ["react", "react-dom", "react-router", "@react-router/node", "pagefind", "tsx", "vite"];
    expect(buildOnly.filter((name) => name in pkg.dependencies)).toEqual([]);
    expect(buildOnly.filter((name) => !(name in pkg.devDependencies))).toEqual([]);
  });
});
