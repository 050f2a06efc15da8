import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { tempDir } from "./intake";

/** A small build/client folder: enough pages for the static handler's rules. */
export function tinySite(): string {
  const dir = tempDir("lfh-site-");
  const files: Record<string, string> = {
    "index.html": "<!doctype html><title>Home</title><p>home</p>",
    "contact/index.html": "<!doctype html><title>Contact</title><p>contact</p>",
    "404/index.html": "<!doctype html><title>Not found</title><p>not found</p>",
    "es/404/index.html": "<!doctype html><title>No encontrada</title><p>no encontrada</p>",
    "assets/app.js": "console.log('app');",
  };
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), body);
  }
  return dir;
}
