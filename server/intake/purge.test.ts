import { chmodSync, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { markedApplication, testEnv, validLead, waitFor } from "../../tests/support/intake";
import { main } from "../leads-cli";
import { createIntake } from ".";
import { logTo } from "../log";
import { openStore } from "./store";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const longAgo = () => new Date(Date.now() - 400 * 86_400_000);

/** Every byte the store left on disk: the database, its WAL, the resume folder and the mail folder. */
function bytesOnDisk(dataDir: string, mailDir: string): string {
  const files = [
    ...readdirSync(dataDir)
      .filter((name) => name.startsWith("leads.db"))
      .map((name) => join(dataDir, name)),
    ...(existsSync(join(dataDir, "resumes"))
      ? readdirSync(join(dataDir, "resumes")).map((n) => join(dataDir, "resumes", n))
      : []),
    ...(existsSync(mailDir) ? readdirSync(mailDir).map((name) => join(mailDir, name)) : []),
  ];
  return files.map((file) => readFileSync(file).toString("latin1")).join("\n");
}

describe("purge", () => {
  it("leaves nothing of a purged lead readable: rows, free pages, WAL, resume file, mail copies", async () => {
    const marker = "Zebulon-Quixotic-7731";
    const keep = "Keep-This-Recent-4410";
    const old = testEnv();
    const dataDir = old.DATABASE_URL.replace(/^file:/, "").replace(/\/leads\.db$/, "");
    // Received (and emailed) 400 days ago: the lead, and an application with a resume.
    const past = await createIntake(old, { pollMs: 60_000, now: longAgo });
    const lead = await past.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...validLead, name: `Old Client ${marker}`, message: `Message ${marker} `.repeat(40) }),
    });
    expect(lead.status).toBe(201);
    expect((await past.app.request("/api/careers", { method: "POST", body: markedApplication(marker) })).status).toBe(
      201,
    );
    await past.flush();
    await past.close();
    const current = await createIntake(old, { pollMs: 60_000 });
    await current.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...validLead, name: `New Client ${keep}` }),
    });
    await current.flush();
    expect(bytesOnDisk(dataDir, old.MAIL_DIR)).toContain(marker);

    // The firm purges while the server runs.
    let out = "";
    const code = await main(["purge", "--older-than", "365"], {
      env: { DATABASE_URL: old.DATABASE_URL, MAIL_DIR: old.MAIL_DIR },
      out: (text) => (out += text),
      err: (text) => (out += text),
    });
    expect(code).toBe(0);
    expect(out).toContain("Deleted 2 submission(s) older than 365 day(s), and 3 file(s)");
    const disk = bytesOnDisk(dataDir, old.MAIL_DIR);
    expect(disk).not.toContain(marker);
    expect(disk).toContain(keep);
    await current.close();
    expect(bytesOnDisk(dataDir, old.MAIL_DIR)).not.toContain(marker);
  });

  it("runs daily in the server when PURGE_AFTER_DAYS is set", async () => {
    const env = testEnv({ PURGE_AFTER_DAYS: "30" });
    const past = await createIntake(env, { pollMs: 60_000, now: longAgo });
    await past.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validLead),
    });
    await past.close();
    const intake = await createIntake(env, { pollMs: 60_000 });
    cleanups.push(() => intake.close());
    await waitFor(async () => (await intake.store.db.selectFrom("submissions").select("id").execute()).length === 0);
  });
});

describe("the database file", () => {
  it("is made readable by its owner only on every start, with a warning when it was wider", async () => {
    const env = testEnv();
    const file = env.DATABASE_URL.replace(/^file:/, "");
    await (await openStore(env.DATABASE_URL)).close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    chmodSync(file, 0o644);
    const lines: string[] = [];
    const restore = logTo((line) => void lines.push(line));
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = "";
    try {
      await (await openStore(env.DATABASE_URL)).close();
    } finally {
      restore();
      process.env.LOG_LEVEL = level;
    }
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(lines.join("\n")).toMatch(/"event":"store.mode_narrowed".*"was":"644"/);
  });
});
