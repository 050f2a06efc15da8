import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseEnv } from "node:util";
import { loadEnv, type Env } from "./env";

/** The settings file read when ENV_FILE does not name one: `.env` in the folder commands run from. */
export const defaultEnvFile = ".env";

/**
 * The settings the server and every command run with: the variables of the settings file (the
 * path in ENV_FILE, else `.env` in `cwd`), with the real environment's own over them, so a
 * variable set for one run wins. One file for the server, `npm run leads`, `npm run backup` and
 * `npm run staff`: a command typed in a plain shell sees the destinations and the store the
 * server sees. A missing `.env` is no file; a missing ENV_FILE is an error (a typo must not run
 * a command against the default store). The file is read with Node's own dotenv parser.
 */
export function withEnvFile(source: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): NodeJS.ProcessEnv {
  const named = source.ENV_FILE;
  const file = resolve(cwd, named || defaultEnvFile);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (!named && (error as NodeJS.ErrnoException).code === "ENOENT") return source;
    throw new Error(`ENV_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined));
  return { ...parseEnv(text), ...present, ENV_FILE: file };
}

/** The checked settings, file and environment together (see withEnvFile): what a command starts with. */
export function loadConfiguredEnv(source: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Env {
  return loadEnv(withEnvFile(source, cwd));
}

/**
 * Puts the settings file's variables into this process's environment where the environment has
 * none of its own: the server's code that reads `process.env` directly (LOG_LEVEL, BUILD_DIR)
 * sees the file too.
 */
export function applyEnvFile(target: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): void {
  for (const [name, value] of Object.entries(withEnvFile(target, cwd))) target[name] ??= value;
}
