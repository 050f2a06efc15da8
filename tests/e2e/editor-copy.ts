// A temporary copy of the project with the editor as the firm runs it on its own machine: Decap's
// local backend (decap-server on loopback) saving into the copy, and the copy's built site served
// as `npm start` serves it. The repository's content and build are never touched; the copy
// shares node_modules through a symlink.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { Page } from "@playwright/test";

const skipped = new Set(["node_modules", ".git", "test-results", "playwright-report", "data", "build-split"]);

function waitForLine(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes(text) && resolve());
    child.on("exit", (code) => reject(new Error(`exited with ${code} before "${text}"`)));
  });
}

export interface EditorCopy {
  dir: string;
  /** The site's origin, /admin included. */
  site: string;
  file(path: string): string;
  read(path: string): string;
  /** A page written as files alone: front matter and a body. */
  writePage(path: string, front: Record<string, unknown>, body: string): void;
  openEditor(page: Page, hash: string): Promise<void>;
  stop(): Promise<void>;
}

/** Copies the project, points its editor at a local backend on `cmsPort` and serves it on `sitePort`. */
export async function startEditorCopy(cmsPort: number, sitePort: number): Promise<EditorCopy> {
  const root = process.cwd();
  const dir = mkdtempSync(join(tmpdir(), "lfh-editor-"));
  const file = (path: string) => join(dir, path);
  cpSync(root, dir, {
    recursive: true,
    filter: (source) => !skipped.has(relative(root, source).split("/")[0] ?? ""),
  });
  symlinkSync(join(root, "node_modules"), file("node_modules"));
  // The copy's editor page must point at this local backend: rebuild just the admin page.
  execFileSync("npx", ["tsx", "scripts/build-admin.ts"], {
    cwd: dir,
    env: { ...process.env, CMS_LOCAL_PORT: String(cmsPort) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const require = createRequire(import.meta.url);
  const decap = spawn(process.execPath, [require.resolve("decap-server")], {
    cwd: dir,
    env: { ...process.env, PORT: String(cmsPort), BIND_HOST: "127.0.0.1", MODE: "fs", GIT_REPO_DIRECTORY: dir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const server = spawn(process.execPath, ["build/node/main.mjs"], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(sitePort),
      HOST: "127.0.0.1",
      CMS_LOCAL_PORT: String(cmsPort),
      DATABASE_URL: `file:${file("data/leads.db")}`,
      MAIL_DIR: file("data/mail"),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await Promise.all([waitForLine(decap, "listening"), waitForLine(server, '"listening"')]);
  const site = `http://127.0.0.1:${sitePort}`;
  return {
    dir,
    site,
    file,
    read: (path) => readFileSync(file(path), "utf8"),
    writePage(path, front, body) {
      const yaml = Object.entries(front)
        .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
        .join("\n");
      writeFileSync(file(path), `---\n${yaml}\n---\n\n${body}\n`);
    },
    async openEditor(page, hash) {
      await page.goto(`${site}/admin`);
      await page.getByRole("button", { name: /^(Login|Iniciar sesión)$/ }).click();
      await page.goto(`${site}/admin#/${hash}`);
    },
    async stop() {
      for (const child of [server, decap]) {
        if (child.exitCode !== null) continue;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      if (!process.env.KEEP_EDITOR_COPY) rmSync(dir, { recursive: true, force: true });
    },
  };
}
