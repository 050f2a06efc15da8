import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgBin, startPgCluster } from "../tests/support/pg-cluster";
import { serveIntakeProcess, tempDir, waitFor } from "../tests/support/intake";
import { backupCli, foundIn, startTraffic } from "../tests/support/lead-traffic";
import { listBackups, readManifest } from "./backup";

const skip = !pgBin("initdb");

// The same replay on PostgreSQL: pg_dump from an exported snapshot while leads and applications
// (their resumes in the rows) keep arriving, restored with pg_restore into a new database.
describe.skipIf(skip)("backup and restore (PostgreSQL)", () => {
  let cluster: Awaited<ReturnType<typeof startPgCluster>>;
  beforeAll(async () => {
    cluster = await startPgCluster();
  });
  afterAll(() => cluster?.stop());

  const serverEnv = (databaseUrl: string) => ({
    DATABASE_URL: databaseUrl,
    MAIL_DIR: join(tempDir("lfh-mail-"), "mail"),
    SMTP_URL: "",
    RATE_LIMIT_PER_MINUTE: "100000",
    PURGE_AFTER_DAYS: "off",
    UPLOAD_SHED_LOAD: "off",
  });

  it(
    "restores every lead acknowledged before the backup began, with its resume byte for byte, into a new database",
    { timeout: 240_000 },
    async () => {
      const server = await serveIntakeProcess(serverEnv(cluster.url));
      const traffic = startTraffic(server.port);
      const backups = tempDir("lfh-backups-");
      let result: Awaited<ReturnType<typeof backupCli>>;
      let before: Map<string, Buffer | null>;
      try {
        await waitFor(() => traffic.acked.size >= 30 && traffic.resumes() >= 8, 120_000);
        before = new Map(traffic.acked);
        result = await backupCli(["backup", "--dir", backups], serverEnv(cluster.url));
        const after = traffic.acked.size;
        await waitFor(() => traffic.acked.size >= after + 5, 60_000);
      } finally {
        await traffic.stop(server);
      }
      expect(result.out).toMatch(/^Backed up \d+ submission\(s\)/);
      expect(result.code).toBe(0);
      const [folder] = await listBackups(backups);
      const manifest = await readManifest(folder!);
      expect(manifest).toMatchObject({ dialect: "postgres", store: { file: "leads.dump" } });
      expect(manifest.submissions).toBeGreaterThanOrEqual(before.size);

      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query("create database restored");
      await admin.end();
      const restoredUrl = cluster.url.replace(/\/postgres$/, "/restored");
      const restore = await backupCli(["restore", folder!], serverEnv(restoredUrl));
      expect(restore.out).toContain(`Restored ${manifest.submissions} submission(s)`);
      expect(restore.code).toBe(0);

      const found = await foundIn(serverEnv(restoredUrl), before.keys());
      expect([...before.keys()].filter((id) => !found.has(id))).toEqual([]);
      for (const [id, resume] of before) expect(found.get(id), id).toEqual(resume);

      // The restored database holds leads now: restoring over it needs --force.
      const again = await backupCli(["restore", folder!], serverEnv(restoredUrl));
      expect(again.out).toContain("already holds");
      expect(again.code).toBe(1);
      expect((await backupCli(["restore", folder!, "--force"], serverEnv(restoredUrl))).code).toBe(0);
    },
  );
});
