import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { referencePattern } from "../../core/reference";
import { pgBin, startPgCluster } from "../../tests/support/pg-cluster";
import { startReceiver } from "../../tests/support/receiver";
import { startSmtp, submissionRow, tempDir, testEnv, validLead, waitFor } from "../../tests/support/intake";
import { main as leadsCli } from "../leads-cli";
import { createIntake, type Intake } from "./index";
import { openStore, storeMigrations, type Database, type NewSubmission } from "./store";

const hasPostgres = pgBin("initdb") !== undefined;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function post(intake: Intake, lead: Record<string, unknown> = validLead) {
  const response = await intake.app.request("/api/leads", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(lead),
  });
  return { status: response.status, body: (await response.json()) as { id: string; reference: string } };
}

/** The Subject header of a raw message, unfolded and its RFC 2047 encoded words decoded. */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  return header
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, text: string) =>
      Buffer.from(
        text
          .replace(/_/g, " ")
          .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      ).toString("utf8"),
    );
}

async function databaseUrl(postgres: boolean): Promise<string> {
  if (!postgres) return `file:${join(tempDir(), "leads.db")}`;
  const cluster = await startPgCluster();
  cleanups.push(() => cluster.stop());
  return cluster.url;
}

describe.each([
  ["SQLite", false],
  ["PostgreSQL", true],
])("references on %s", (_name, postgres) => {
  const skip = postgres && !hasPostgres;

  it.skipIf(skip)(
    "rows stored before references get one each at migration, unique",
    async () => {
      const url = await databaseUrl(postgres);
      // A store as the release before references left it: migrated up to the one before them.
      const old = new Kysely<Database>({
        dialect: postgres
          ? new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) })
          : new SqliteDialect({ database: new SQLite(url.replace(/^file:/, "")) }),
      });
      const migrator = new Migrator({
        db: old,
        provider: { getMigrations: () => Promise.resolve(storeMigrations(postgres ? "postgres" : "sqlite")) },
      });
      const migrated = await migrator.migrateTo("0005-server-keys");
      expect(migrated.error).toBeUndefined();
      for (const id of ["old-1", "old-2", "old-3"]) {
        const row: Partial<NewSubmission> = submissionRow(id);
        delete row.reference; // no such column before references
        await old
          .insertInto("submissions")
          .values(row as NewSubmission)
          .execute();
      }
      await old.destroy();

      const reopened = await openStore(url);
      cleanups.push(() => reopened.close());
      const rows = await reopened.db.selectFrom("submissions").select(["id", "reference"]).orderBy("id").execute();
      expect(rows.map((row) => row.id)).toEqual(["old-1", "old-2", "old-3"]);
      for (const row of rows) expect(row.reference).toMatch(referencePattern);
      expect(new Set(rows.map((row) => row.reference)).size).toBe(3);
      // The index is there: a second row with a taken reference is refused.
      await expect(
        reopened.db
          .insertInto("submissions")
          .values(submissionRow("new-1", { reference: rows[0]!.reference }))
          .execute(),
      ).rejects.toThrow();
    },
    120_000,
  );

  it.skipIf(skip)(
    "a reference drawn twice is drawn again: both visitors get 201 and their own reference",
    async () => {
      const draws = ["LFH-AAAA-AA", "LFH-AAAA-AA", "LFH-BBBB-BB"];
      const intake = await createIntake(testEnv({ DATABASE_URL: await databaseUrl(postgres) }), {
        newReference: () => draws.shift() ?? "LFH-CCCC-CC",
      });
      cleanups.push(() => intake.close());
      const first = await post(intake);
      const second = await post(intake, { ...validLead, name: "Luis Vega" });
      expect([first.status, second.status]).toEqual([201, 201]);
      expect([first.body.reference, second.body.reference]).toEqual(["LFH-AAAA-AA", "LFH-BBBB-BB"]);
      const stored = await intake.store.db
        .selectFrom("submissions")
        .select(["id", "reference"])
        .orderBy("reference")
        .execute();
      expect(stored).toEqual([
        { id: first.body.id, reference: "LFH-AAAA-AA" },
        { id: second.body.id, reference: "LFH-BBBB-BB" },
      ]);
    },
    120_000,
  );
});

describe("a reference people can read aloud", () => {
  it("is returned beside the id and reaches the email, the webhook, Clio Grow and the leads command", async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const hook = await startReceiver();
    const clio = await startReceiver(() => 201);
    cleanups.push(hook.close, clio.close);
    const env = testEnv({
      SMTP_URL: smtp.url,
      DESTINATION_HOOK_KIND: "webhook",
      DESTINATION_HOOK_URL: hook.url,
      DESTINATION_HOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
      DESTINATION_CLIO_KIND: "clio-grow",
      DESTINATION_CLIO_TOKEN: "grow-token-123",
      DESTINATION_CLIO_URL: clio.url,
    });
    const intake = await createIntake(env, { pollMs: 30 });
    cleanups.push(() => intake.close());
    const { status, body } = await post(intake);
    expect(status).toBe(201);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.reference).toMatch(referencePattern);
    const { reference } = body;
    await waitFor(() => smtp.received.length === 1 && hook.received.length === 1 && clio.received.length === 1);

    const raw = smtp.received[0]!.raw;
    expect(subjectOf(raw)).toBe(`Consultation request — Katy office — Ana Ruiz [${reference}]`);
    expect(raw).toContain(`Reference: ${reference}`);
    expect(raw).toContain(`Lead id: ${body.id}`);
    const event = JSON.parse(hook.received[0]!.body) as { data: { id: string; reference: string } };
    expect(event.data).toMatchObject({ id: body.id, reference });
    const inboxLead = JSON.parse(clio.received[0]!.body) as { inbox_lead: { from_message: string } };
    expect(inboxLead.inbox_lead.from_message).toContain(`Reference: ${reference}`);

    // Read out on the phone and typed in lower case, without dashes.
    let out = "";
    const code = await leadsCli(["show", reference.toLowerCase().replace(/-/g, "")], {
      env: { DATABASE_URL: env.DATABASE_URL, MAIL_DIR: env.MAIL_DIR },
      out: (text) => (out += text),
      err: (text) => (out += text),
    });
    expect(code).toBe(0);
    expect(out).toMatch(new RegExp(`^id +${body.id}$`, "m"));
    expect(out).toMatch(new RegExp(`^reference +${reference}$`, "m"));
  }, 30_000);

  it.each([
    ["en", "Your reference number"],
    ["es", "Su número de referencia"],
  ])("is on the result page a browser without JavaScript lands on (%s)", async (locale, label) => {
    const intake = await createIntake(testEnv());
    cleanups.push(() => intake.close());
    const form = new URLSearchParams({ ...validLead, consent: "true", locale });
    const response = await intake.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: form.toString(),
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    const { reference } = await intake.store.db.selectFrom("submissions").select("reference").executeTakeFirstOrThrow();
    expect(html).toContain(`${label}: <strong class="reference">${reference}</strong>`);
  });
});
