// The editor's local backend (`npm run cms`): decap-server in its file-system mode on a private
// loopback port, behind this server on CMS_LOCAL_PORT. Every request passes through unchanged but a
// save (`persistEntry`), whose files are first merged into the files on disk (core/keep-format.ts): Decap
// sends whole files in its own style, and a save must change only what staff edited.
// Usage: node --import tsx scripts/cms-local.ts (CMS_LOCAL_PORT, CMS_DECAP_PORT, GIT_REPO_DIRECTORY)
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { isAbsolute, relative, resolve } from "node:path";
import { keepFormat } from "../core/keep-format";

interface SavedFile {
  path: string;
  raw: string;
}

function isSavedFile(value: unknown): value is SavedFile {
  return (
    typeof value === "object" &&
    value !== null &&
    "path" in value &&
    typeof value.path === "string" &&
    "raw" in value &&
    typeof value.raw === "string"
  );
}

/** The file on disk a save names, or undefined for a new file or a path outside the working tree (decap-server refuses those). */
async function onDisk(repo: string, path: string): Promise<string | undefined> {
  const file = resolve(repo, path);
  const inside = relative(repo, file);
  if (inside.startsWith("..") || isAbsolute(inside)) return undefined;
  return readFile(file, "utf8").catch(() => undefined);
}

/** A request to the local backend with each saved file's text merged into the file on disk; any other request as it is. */
export async function withKeptFormat(repo: string, body: unknown): Promise<unknown> {
  if (typeof body !== "object" || body === null || !("action" in body) || body.action !== "persistEntry") return body;
  if (!("params" in body) || typeof body.params !== "object" || body.params === null) return body;
  const params = body.params as Record<string, unknown>;
  const merge = async (file: unknown) =>
    isSavedFile(file) ? { ...file, raw: keepFormat(file.path, await onDisk(repo, file.path), file.raw) } : file;
  return {
    ...body,
    params: {
      ...params,
      ...(params.entry ? { entry: await merge(params.entry) } : {}),
      ...(Array.isArray(params.dataFiles) ? { dataFiles: await Promise.all(params.dataFiles.map(merge)) } : {}),
    },
  };
}

async function readBody(incoming: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function pass(repo: string, decapPort: number) {
  return async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    let body = await readBody(incoming);
    if (incoming.method === "POST" && body.length > 0) {
      try {
        body = Buffer.from(JSON.stringify(await withKeptFormat(repo, JSON.parse(body.toString("utf8")))));
      } catch (error) {
        // Not JSON: decap-server answers it as it would.
        if (!(error instanceof SyntaxError)) throw error;
      }
    }
    const forward = request(
      {
        host: "127.0.0.1",
        port: decapPort,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, "content-length": String(body.length) },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on("error", (error) => {
      outgoing.writeHead(502, { "content-type": "text/plain" });
      outgoing.end(`The editor's storage is not running: ${error.message}`);
    });
    forward.end(body);
  };
}

function main(): void {
  const repo = resolve(process.env.GIT_REPO_DIRECTORY ?? process.cwd());
  const port = Number(process.env.CMS_LOCAL_PORT ?? "8081");
  const decapPort = Number(process.env.CMS_DECAP_PORT ?? String(port + 1));
  const require = createRequire(import.meta.url);
  const decap = spawn(process.execPath, [require.resolve("decap-server")], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, PORT: String(decapPort), BIND_HOST: "127.0.0.1", MODE: "fs", GIT_REPO_DIRECTORY: repo },
  });
  const stop = () => {
    decap.kill("SIGTERM");
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  decap.on("exit", (code) => {
    console.error(`decap-server stopped (${code ?? "signal"})`);
    process.exit(1);
  });
  let started = false;
  decap.stdout.on("data", (chunk: Buffer) => {
    if (started || !chunk.toString().includes("listening")) return;
    started = true;
    const handle = pass(repo, decapPort);
    const server = createServer((incoming, outgoing) => {
      handle(incoming, outgoing).catch((error: unknown) => {
        outgoing.writeHead(500, { "content-type": "text/plain" });
        outgoing.end(error instanceof Error ? error.message : String(error));
      });
    });
    server.listen(port, "127.0.0.1", () =>
      console.log(`Editor storage listening on 127.0.0.1:${port} (saves keep each file's format)`),
    );
  });
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
