import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { serveIntakeProcess, tempDir, validLead, waitFor } from "../tests/support/intake";
import { backupCli as cli, foundIn, startTraffic } from "../tests/support/lead-traffic";
import { listBackups, readManifest } from "./backup";
import { msUntil } from "./backup-schedule";
import { createIntake } from "./intake";
import { loadEnv } from "./env";

// The firm's replay: leads and job applications keep arriving at a real server process while the
// store is backed up; the backup is restored into a new folder, a server is started on it, and
// every submission acknowledged (201) before the backup began must be there, resume byte for byte.

function serverEnv(dataDir: string) {
  return {
    DATABASE_URL: `file:${join(dataDir, "leads.db")}`,
    MAIL_DIR: join(dataDir, "mail"),
    SMTP_URL: "",
    RATE_LIMIT_PER_MINUTE: "100000",
    PURGE_AFTER_DAYS: "off",
    UPLOAD_SHED_LOAD: "off",
  };
}

describe("backup and restore (SQLite)", () => {
  it(
    "restores every lead acknowledged before the backup began, with its resume byte for byte, while leads kept arriving",
    { timeout: 240_000 },
    async () => {
      const live = join(tempDir("lfh-backup-"), "data");
      const server = await serveIntakeProcess(serverEnv(live));
      const traffic = startTraffic(server.port);
      const backups = tempDir("lfh-backups-");
      let result: Awaited<ReturnType<typeof cli>>;
      let before: Map<string, Buffer | null>;
      try {
        await waitFor(() => traffic.acked.size >= 30 && traffic.resumes() >= 8, 120_000);
        before = new Map(traffic.acked);
        result = await cli(["backup", "--dir", backups], serverEnv(live));
        const after = traffic.acked.size;
        await waitFor(() => traffic.acked.size >= after + 5, 60_000);
      } finally {
        await traffic.stop(server);
      }
      expect(result.out).toMatch(/^Backed up \d+ submission\(s\) and \d+ resume\(s\)/);
      expect(result.code).toBe(0);
      const [folder] = await listBackups(backups);
      const manifest = await readManifest(folder!);
      expect(manifest.submissions).toBeGreaterThanOrEqual(before.size);
      expect(manifest.files.length).toBe(manifest.resumes.count);

      const restored = join(tempDir("lfh-restored-"), "data");
      const restore = await cli(["restore", folder!], serverEnv(restored));
      expect(restore.out).toContain(`Restored ${manifest.submissions} submission(s)`);
      expect(restore.code).toBe(0);

      const found = await foundIn(serverEnv(restored), before.keys());
      expect([...before.keys()].filter((id) => !found.has(id))).toEqual([]);
      for (const [id, resume] of before) expect(found.get(id), id).toEqual(resume);
      expect([...before.values()].filter(Boolean).length).toBeGreaterThanOrEqual(8);
    },
  );

  it(
    "the old procedure, a plain copy of leads.db and resumes/ while leads arrive, loses acknowledged leads (they are in the WAL)",
    { timeout: 240_000 },
    async () => {
      const live = join(tempDir("lfh-backup-"), "data");
      const server = await serveIntakeProcess(serverEnv(live));
      const traffic = startTraffic(server.port);
      const copy = join(tempDir("lfh-copied-"), "data");
      // Someone reading the store (a report, the leads CLI) while the copy is made: SQLite cannot
      // move what was written after the reader began from the WAL into leads.db. Without it, a
      // checkpoint that happened to run just before the copy made this test pass or fail by chance.
      const reader = new Database(join(live, "leads.db"), { readonly: true });
      reader.exec("BEGIN");
      reader.prepare("SELECT count(*) FROM submissions").get();
      let before: Map<string, Buffer | null>;
      try {
        await waitFor(() => traffic.acked.size >= 30 && traffic.resumes() >= 8, 120_000);
        before = new Map(traffic.acked);
        mkdirSync(copy, { recursive: true });
        copyFileSync(join(live, "leads.db"), join(copy, "leads.db"));
        cpSync(join(live, "resumes"), join(copy, "resumes"), { recursive: true });
      } finally {
        reader.exec("COMMIT");
        reader.close();
        await traffic.stop(server);
      }
      const found = await foundIn(serverEnv(copy), before.keys());
      expect(found.size).toBeLessThan(before.size);
    },
  );

  it(
    "refuses to restore over a store that holds leads unless told to, and a backup whose file was altered",
    { timeout: 60_000 },
    async () => {
      const live = join(tempDir("lfh-backup-"), "data");
      const intake = await createIntake(loadEnv(serverEnv(live)), { pollMs: 60_000 });
      const posted = await intake.app.request("/api/leads", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(validLead),
      });
      expect(posted.status).toBe(201);
      await intake.close();
      const backups = tempDir("lfh-backups-");
      expect((await cli(["backup", "--dir", backups], serverEnv(live))).code).toBe(0);
      const [folder] = await listBackups(backups);

      const refused = await cli(["restore", folder!], serverEnv(live));
      expect(refused.out).toContain("already holds a store");
      expect(refused.code).toBe(1);
      // A resume file the backup does not name (the replaced store's) is not left behind.
      mkdirSync(join(live, "resumes"), { recursive: true });
      writeFileSync(join(live, "resumes", "stray.pdf"), "%PDF-1.4");
      const forced = await cli(["restore", folder!, "--force"], serverEnv(live));
      expect(forced.out).toContain("Restored 1 submission(s)");
      expect(forced.code).toBe(0);
      expect(readdirSync(join(live, "resumes"))).toEqual([]);

      const damaged = join(folder!, "leads.db");
      writeFileSync(damaged, Buffer.concat([readFileSync(damaged), Buffer.from("x")]));
      const elsewhere = join(tempDir("lfh-restored-"), "data");
      const bad = await cli(["restore", folder!], serverEnv(elsewhere));
      expect(bad.out).toContain("does not match its checksum");
      expect(bad.code).toBe(1);
      expect(existsSync(join(elsewhere, "leads.db"))).toBe(false);
    },
  );

  it(
    "keeps the newest BACKUP_KEEP backups, and clears what a killed backup left a day ago",
    { timeout: 60_000 },
    async () => {
      const live = join(tempDir("lfh-backup-"), "data");
      const intake = await createIntake(loadEnv(serverEnv(live)), { pollMs: 60_000 });
      await intake.close();
      const backups = tempDir("lfh-backups-");
      const killed = join(backups, ".leads-2026-11-26T08-00-00-000Z.partial");
      const running = join(backups, ".leads-2026-11-28T08-00-00-000Z.partial");
      mkdirSync(killed);
      mkdirSync(running);
      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
      utimesSync(killed, twoDaysAgo, twoDaysAgo);
      for (let i = 0; i < 4; i++)
        expect((await cli(["backup", "--dir", backups], { ...serverEnv(live), BACKUP_KEEP: "2" })).code).toBe(0);
      expect(await listBackups(backups)).toHaveLength(2);
      expect(existsSync(killed)).toBe(false);
      expect(existsSync(running)).toBe(true);
    },
  );
});

describe("the nightly schedule", () => {
  it("runs at BACKUP_AT, UTC, the next time that comes", () => {
    expect(msUntil("08:00", new Date("2026-11-28T07:59:00Z"))).toBe(60_000);
    expect(msUntil("08:00", new Date("2026-11-28T08:00:00Z"))).toBe(86_400_000);
    expect(msUntil("03:30", new Date("2026-11-28T23:00:00Z"))).toBe(4.5 * 3_600_000);
  });

  it(
    "shows the last backup on /readyz, and alerts ALERT_TO by email when a backup fails",
    { timeout: 60_000 },
    async () => {
      const live = join(tempDir("lfh-backup-"), "data");
      const backups = tempDir("lfh-backups-");
      const env = loadEnv({ ...serverEnv(live), BACKUP_DIR: backups, ALERT_TO: "ops@lfh-immigration.example" });
      const intake = await createIntake(env, { pollMs: 60_000 });
      try {
        const ok = await intake.backup!();
        expect(ok.ok).toBe(true);
        const ready = (await (await intake.app.request("/readyz")).json()) as {
          backup: { ok: boolean; bytes: number };
        };
        expect(ready.backup).toMatchObject({ ok: true, bytes: expect.any(Number) as number });
      } finally {
        await intake.close();
      }
      // BACKUP_DIR names a file: no backup can be written there.
      const blocked = join(backups, "blocked");
      writeFileSync(blocked, "");
      const failing = await createIntake({ ...env, BACKUP_DIR: blocked }, { pollMs: 60_000 });
      try {
        const failed = await failing.backup!();
        expect(failed.ok).toBe(false);
        const ready = (await (await failing.app.request("/readyz")).json()) as { ok: boolean; backup: { ok: boolean } };
        expect(ready).toMatchObject({ ok: true, backup: { ok: false } });
        await failing.flush();
        const mail = readdirSync(env.MAIL_DIR).map((name) => readFileSync(join(env.MAIL_DIR, name), "utf8"));
        const alert = mail.find((text) => text.includes("The nightly backup of the leads failed"));
        expect(alert).toContain("To: ops@lfh-immigration.example");
        // Quoted-printable: a long line is broken with "=" at its end.
        expect(alert?.replace(/=\r?\n/g, "")).toContain("Take one by hand once the cause is fixed");
      } finally {
        await failing.close();
      }
    },
  );
});
