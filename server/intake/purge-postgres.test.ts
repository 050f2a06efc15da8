import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgBin, startPgCluster } from "../../tests/support/pg-cluster";
import { markedApplication, tempDir, validLead } from "../../tests/support/intake";
import { loadEnv } from "../env";
import { main } from "../leads-cli";
import { createIntake } from "./index";

const skip = !pgBin("initdb");

/** Every file under `dir`, read as bytes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

describe.skipIf(skip)("purge on PostgreSQL", () => {
  let cluster: Awaited<ReturnType<typeof startPgCluster>>;
  beforeAll(async () => {
    cluster = await startPgCluster();
  });
  afterAll(() => cluster?.stop());

  it("deletes old submissions with their deliveries, resumes and mail copies, and keeps recent ones", async () => {
    const marker = "Zebulon-Quixotic-7731";
    const keep = "Keep-This-Recent-4410";
    const env = loadEnv({
      DATABASE_URL: cluster.url,
      MAIL_DIR: join(tempDir(), "mail"),
      RATE_LIMIT_PER_MINUTE: "1000",
      // The daily purge would run a second after start and race the purge this test runs by hand.
      PURGE_AFTER_DAYS: "off",
      // The test's own work loads the loop it shares with the server: uploads must not be shed.
      UPLOAD_SHED_LOAD: "off",
    });
    const past = await createIntake(env, { pollMs: 60_000, now: () => new Date(Date.now() - 400 * 86_400_000) });
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
    const current = await createIntake(env, { pollMs: 60_000 });
    try {
      await current.app.request("/api/leads", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...validLead, name: `New Client ${keep}` }),
      });
      await current.flush();
      const mail = () => filesUnder(env.MAIL_DIR).map((file) => readFileSync(file, "latin1"));
      expect(mail().filter((text) => text.includes(marker))).toHaveLength(2);

      let out = "";
      const code = await main(["purge", "--older-than", "365"], {
        env: { DATABASE_URL: env.DATABASE_URL, MAIL_DIR: env.MAIL_DIR },
        out: (text) => (out += text),
        err: (text) => (out += text),
      });
      expect(out).toContain("Deleted 2 submission(s) older than 365 day(s), and 2 file(s)");
      expect(code).toBe(0);

      const rows = await current.store.db.selectFrom("submissions").select(["name"]).execute();
      expect(rows.map((row) => row.name)).toEqual([`New Client ${keep}`]);
      const deliveries = await current.store.db.selectFrom("outbox").select(["submission_id"]).execute();
      expect(deliveries).toHaveLength(1);
      expect(mail().join("\n")).not.toContain(marker);
      expect(mail().join("\n")).toContain(keep);
      // Nothing of the purged rows is left in the tables' files, once written out.
      await sql`CHECKPOINT`.execute(current.store.db);
      const tables = filesUnder(join(cluster.dataDir, "base")).map((file) => readFileSync(file, "latin1"));

      expect(tables.some((text) => text.includes(keep))).toBe(true);
      expect(tables.some((text) => text.includes(marker))).toBe(false);
    } finally {
      await current.close();
    }
  });
});
