/**
 * The site keeps each language's pages together (`content/{locale}/{folder}/{name}.md`); the
 * editor's `multiple_folders` mode finds the language in the folder just above the file
 * (`{folder}/{locale}/{name}.md`). The editor is given that view of the repository: every path it
 * sends its storage backend is turned into the site's layout, and every path it receives back into
 * its own. Only paths under content/ with a language segment change; media paths pass through.
 * A save also keeps each file's own format (core/keep-format.ts), on every backend: the live site's
 * drafts then show an attorney just the change, as `npm run cms` does on the firm's computer.
 */
import { keepFormat } from "../../core/keep-format";
import { locales } from "../../core/locales";

const language = locales.join("|");
const editorPath = new RegExp(`^content/(.+)/(${language})/([^/]+)$`);
const sitePath = new RegExp(`^content/(${language})/(.+)/([^/]+)$`);

export function toSitePath(path: string): string {
  const match = editorPath.exec(path);
  return match ? `content/${match[2]}/${match[1]}/${match[3]}` : path;
}

export function toEditorPath(path: string): string {
  const match = sitePath.exec(path);
  return match ? `content/${match[2]}/${match[1]}/${match[3]}` : path;
}

function isPlain(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== "object" || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Copies plain objects and arrays, mapping `path` and `newPath` values; anything else is kept as it is. */
export function mapPaths(value: unknown, map: (path: string) => string): unknown {
  if (!isPlain(value)) return value;
  if (Array.isArray(value)) {
    const copy = value.map((item) => mapPaths(item, map));
    for (const symbol of Object.getOwnPropertySymbols(value))
      Object.defineProperty(copy, symbol, { value: (value as unknown as Record<symbol, unknown>)[symbol] });
    return copy;
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      (key === "path" || key === "newPath") && typeof item === "string" ? map(item) : mapPaths(item, map),
    ]),
  );
}

type Method = (...args: unknown[]) => unknown;

async function listBoth(base: Method, self: object, folder: string, rest: unknown[]): Promise<unknown[]> {
  const [extension, depth, ...more] = rest;
  const match = /^content\/(.+)$/.exec(folder);
  if (!match || typeof depth !== "number") return (await base.call(self, folder, ...rest)) as unknown[];
  const lists = await Promise.all(
    locales.map(async (locale) => {
      const found: unknown = await base.call(
        self,
        `content/${locale}/${match[1]}`,
        extension,
        depth - 1,
        ...more.map(() => undefined),
      );
      return Array.isArray(found) ? found.map((entry: unknown) => entry) : [];
    }),
  );
  return lists.flat().map((entry) => mapPaths(entry, toEditorPath));
}

interface DataFile {
  path: string;
  raw: string;
  newPath?: string;
}

const isDataFile = (value: unknown): value is DataFile =>
  typeof value === "object" && value !== null && "path" in value && "raw" in value && typeof value.raw === "string";

/**
 * A save (`persistEntry({ dataFiles, assets }, options)`, paths already in the site's layout):
 * each file Decap wrote in its own style is merged into the file as the backend has it, so only
 * the edited values change. A file the backend does not have yet is written as Decap sent it.
 */
/** The text of a file as the backend has it, or undefined when it has none. */
async function readData(read: () => unknown): Promise<string | undefined> {
  try {
    const found: unknown = await read();
    const data: unknown = typeof found === "object" && found !== null ? Reflect.get(found, "data") : undefined;
    return typeof data === "string" ? data : undefined;
  } catch {
    return undefined;
  }
}

async function persistKeepingFormat(target: object, persist: Method, args: unknown[]): Promise<unknown> {
  const [entry, ...rest] = args;
  const getEntry: unknown = Reflect.get(target, "getEntry");
  const files: unknown = typeof entry === "object" && entry !== null ? Reflect.get(entry, "dataFiles") : undefined;
  if (typeof getEntry === "function" && Array.isArray(files))
    for (const file of files.filter(isDataFile)) {
      const old = await readData(() => (getEntry as Method).call(target, file.path));
      file.raw = keepFormat(file.newPath ?? file.path, old, file.raw);
    }
  return persist.apply(target, [entry, ...rest]);
}

/** A storage backend as the editor sees it: the same backend, with the editor's layout of content/. */
export function withLocaleFolders<T extends object>(backend: T): T {
  return new Proxy(backend, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      const method = value as Method;
      if (property === "entriesByFolder" || property === "allEntriesByFolder")
        return async (folder: string, ...rest: unknown[]) => {
          const entries = await listBoth(method, target, folder, rest);
          const pattern = rest[2];
          return pattern instanceof RegExp
            ? entries.filter(
                (entry) =>
                  isPlain(entry) &&
                  !Array.isArray(entry) &&
                  isPlain(entry.file) &&
                  !Array.isArray(entry.file) &&
                  typeof entry.file.path === "string" &&
                  pattern.test(entry.file.path),
              )
            : entries;
        };
      return (...args: unknown[]) => {
        // A delete names its files as a list of paths (one per language): each is turned too.
        const siteArgs = args.map((arg) =>
          typeof arg === "string"
            ? toSitePath(arg)
            : Array.isArray(arg) && arg.every((item) => typeof item === "string")
              ? arg.map(toSitePath)
              : mapPaths(arg, toSitePath),
        );
        const result: unknown =
          property === "persistEntry" ? persistKeepingFormat(target, method, siteArgs) : method.apply(target, siteArgs);
        return result instanceof Promise
          ? result.then((value: unknown) => mapPaths(value, toEditorPath))
          : mapPaths(result, toEditorPath);
      };
    },
  });
}
