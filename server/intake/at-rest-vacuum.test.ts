import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgBin, startPgCluster } from "../../tests/support/pg-cluster";
import { tempDir, validLead } from "../../tests/support/intake";
import { loadEnv } from "../env";
import { main as leadsCli } from "../leads-cli";
import { createIntake } from "./index";

// PostgreSQL keeps every old version of a row in the table's files until a VACUUM: sealing rows
// kept in clear, or re-sealing them with a new key, must not leave the earlier versions readable
// in a copy of the cluster's files.

const skip = !pgBin("initdb");
const newKey = () => randomBytes(32).toString("base64");

/** Whether `text` is in the raw bytes of any of the cluster's table files, written out first. */
async function inTableFiles(url: string, dataDir: string, text: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("CHECKPOINT");
  } finally {
    await client.end();
  }
  const files = readdirSync(join(dataDir, "base"), { recursive: true, encoding: "utf8" })
    .map((name) => join(dataDir, "base", name))
    .filter((path) => statSync(path).isFile());
  return files.some((file) => readFileSync(file).includes(Buffer.from(text, "utf8")));
}

describe.skipIf(skip)("old row versions on PostgreSQL", () => {
  let cluster: Awaited<ReturnType<typeof startPgCluster>>;
  beforeAll(async () => {
    cluster = await startPgCluster();
  });
  afterAll(() => cluster?.stop());

  it(
    "rows kept in clear and sealed when a key is set, then re-sealed by a rekey, leave neither the clear text nor the old ciphertext in the table files",
    { timeout: 120_000 },
    async () => {
      const marker = "Old-Version-Quokka-5521";
      const base = { DATABASE_URL: cluster.url, MAIL_DIR: join(tempDir(), "mail"), PURGE_AFTER_DAYS: "off" };
      const clear = await createIntake(loadEnv(base), { pollMs: 60_000 });
      const response = await clear.app.request("/api/leads", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...validLead, name: `Client ${marker}`, message: `Case ${marker}` }),
      });
      expect(response.status).toBe(201);
      await clear.close();
      expect(await inTableFiles(cluster.url, cluster.dataDir, marker)).toBe(true);

      // A key is set: the next start seals the row.
      const oldKey = newKey();
      const keyed = await createIntake(loadEnv({ ...base, DATABASE_KEY: oldKey }), { pollMs: 60_000 });
      const sealedName = await keyed.store.db
        .withoutPlugins()
        .selectFrom("submissions")
        .select("name")
        .executeTakeFirstOrThrow();
      await keyed.close();
      expect(sealedName.name).toMatch(/^lfh-enc:1:/);
      expect(await inTableFiles(cluster.url, cluster.dataDir, marker)).toBe(false);
      expect(await inTableFiles(cluster.url, cluster.dataDir, sealedName.name)).toBe(true);

      // Rotation: the old key's ciphertext is gone with it.
      let out = "";
      const code = await leadsCli(["rekey"], {
        env: { ...base, DATABASE_KEY: newKey(), DATABASE_KEYS_OLD: oldKey },
        out: (t) => (out += t),
        err: (t) => (out += t),
      });
      expect(out).toMatch(/^Sealed 1 submission/);
      expect(code).toBe(0);
      expect(await inTableFiles(cluster.url, cluster.dataDir, sealedName.name)).toBe(false);
    },
  );
});
