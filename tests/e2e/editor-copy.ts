// A copy of the project for a browser test of the editor: its content is a git repository of its
// own (so a test reads the diff a save made), its node_modules a link to the project's, and
// `npm run cms`'s storage (scripts/cms-local.ts) and the built site run from it on loopback.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { Page } from "@playwright/test";

const skipped = new Set(["node_modules", ".git", "test-results", "playwright-report", "data", "build-split"]);

export function waitForLine(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes(text) && resolve());
    child.on("exit", (code) => reject(new Error(`exited with ${code} before "${text}"`)));
  });
}

export interface EditorCopy {
  dir: string;
  site: string;
  /** The path of a file in the copy. */
  file(path: string): string;
  /** `git diff --numstat` of the copy's content since it was made: "added removed path" lines. */
  diff(): string[];
  /** Builds the copy as `npm run build` does, with the server stopped and started again around it. */
  rebuild(): Promise<void>;
  close(): Promise<void>;
}

export async function editorCopy(ports: { storage: number; decap: number; site: number }): Promise<EditorCopy> {
  const root = process.cwd();
  const dir = mkdtempSync(join(tmpdir(), "lfh-editor-"));
  cpSync(root, dir, { recursive: true, filter: (source) => !skipped.has(relative(root, source).split("/")[0] ?? "") });
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=test", "-c", "user.email=test@example.com", ...args], {
      cwd: dir,
      encoding: "utf8",
    });
  git("init", "-q");
  git("add", "content");
  git("commit", "-qm", "content before the editor");
  const env = { ...process.env, CMS_LOCAL_PORT: String(ports.storage) };
  // The copy's editor page must point at this test's storage: rebuild just the admin page.
  execFileSync("npx", ["tsx", "scripts/build-admin.ts"], { cwd: dir, env, stdio: ["ignore", "ignore", "inherit"] });

  const storage = spawn(process.execPath, ["--import", "tsx", "scripts/cms-local.ts"], {
    cwd: dir,
    env: { ...env, CMS_DECAP_PORT: String(ports.decap), GIT_REPO_DIRECTORY: dir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let server: ChildProcess | undefined;
  const serve = async () => {
    server = spawn(process.execPath, ["build/node/main.mjs"], {
      cwd: dir,
      env: {
        ...env,
        PORT: String(ports.site),
        HOST: "127.0.0.1",
        DATABASE_URL: `file:${join(dir, "data/leads.db")}`,
        MAIL_DIR: join(dir, "data/mail"),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await waitForLine(server, '"listening"');
  };
  const stop = async () => {
    const running = server;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  };
  await Promise.all([waitForLine(storage, "listening"), serve()]);
  return {
    dir,
    site: `http://127.0.0.1:${ports.site}`,
    file: (path) => join(dir, path),
    diff: () => git("diff", "--numstat").trim().split("\n").filter(Boolean),
    async rebuild() {
      await stop();
      // Output only when it fails: execFileSync then throws with the build's own messages.
      execFileSync("node", ["scripts/build.mjs"], { cwd: dir, env, stdio: "pipe" });
      await serve();
    },
    async close() {
      await stop();
      if (storage.exitCode === null) {
        const exited = new Promise((resolve) => storage.once("exit", resolve));
        storage.kill("SIGTERM");
        await exited;
      }
      if (!process.env.KEEP_EDITOR_COPY) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function openEditor(page: Page, site: string, hash: string): Promise<void> {
  await page.goto(`${site}/admin`);
  // The login button speaks the language the user picked for the editor.
  await page.getByRole("button", { name: /^(Login|Iniciar sesión)$/ }).click();
  await page.goto(`${site}/admin#/${hash}`);
}

export async function publish(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByText("Publish now").click();
}
