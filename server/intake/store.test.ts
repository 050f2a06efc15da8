import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../env";
import { docxBytes } from "../../tests/support/files";
import { createIntake, type Intake } from "./index";
import { readStoredResume } from "./uploads/resume-files";
import { pgBin, startPgCluster } from "../../tests/support/pg-cluster";
import { startSmtp, tempDir, validLead, waitFor } from "../../tests/support/intake";

const hasPostgres = pgBin("initdb") !== undefined;
if (!hasPostgres) console.warn("PostgreSQL is not installed here: the PostgreSQL store tests are skipped.");

/** The same behaviour on both stores: one query layer, one set of migrations. */
describe.each([
  ["SQLite", false],
  ["PostgreSQL", true],
])("store on %s", (_name, postgres) => {
  let intake: Intake;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let cluster: Awaited<ReturnType<typeof startPgCluster>> | undefined;
  const skip = postgres && !hasPostgres;
  let databaseUrl = "";

  beforeAll(async () => {
    if (skip) return;
    smtp = await startSmtp();
    cluster = postgres ? await startPgCluster() : undefined;
    databaseUrl = cluster ? cluster.url : `file:${join(tempDir(), "leads.db")}`;
    intake = await createIntake(
      loadEnv({
        DATABASE_URL: databaseUrl,
        SMTP_URL: smtp.url,
        RATE_LIMIT_PER_MINUTE: "1000",
        UPLOAD_SHED_LOAD: "off",
      }),
      { pollMs: 30 },
    );
  }, 120_000);

  afterAll(async () => {
    if (skip) return;
    await intake.close();
    await smtp.close();
    cluster?.stop();
  });

  it.skipIf(skip)("stores a lead, an application with its resume, and delivers each once", async () => {
    const lead = await intake.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validLead),
    });
    expect(lead.status).toBe(201);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      fullName: "Luis Vega",
      email: "luis@example.com",
      phone: "2815550100",
      location: "irving",
      coverLetter: "Bilingual legal assistant with five years in immigration practice.",
      consent: "true",
      locale: "es",
    }))
      form.set(k, v);
    const docx = docxBytes();
    form.set("resume", new File([docx], "cv.docx"));
    const application = await intake.app.request("/api/careers", { method: "POST", body: form });
    expect(application.status).toBe(201);
    // The message arrives before the outbox records it as sent.
    const allSent = async () =>
      (await intake.store.db.selectFrom("outbox").select("sent_at").execute()).every((r) => r.sent_at !== null);
    await waitFor(async () => smtp.received.length === 2 && (await allSent()));
    const rows = await intake.store.db
      .selectFrom("submissions")
      .select(["kind", "status", "resume", "resume_file"])
      .orderBy("created_at")
      .execute();
    expect(rows.map((r) => r.kind)).toEqual(["consultation", "application"]);
    expect((await readStoredResume(intake.store, rows[1]!))?.equals(docx)).toBe(true);
    expect(await allSent()).toBe(true);
    expect(smtp.received.some((m) => m.raw.includes('filename="cv.docx"') || m.raw.includes("filename=cv.docx"))).toBe(
      true,
    );
  });

  it.skipIf(skip)("runs its migrations idempotently on a second start", async () => {
    const again = await createIntake(loadEnv({ DATABASE_URL: databaseUrl, UPLOAD_SHED_LOAD: "off" }), {
      pollMs: 60_000,
    });
    expect(again.store.dialect).toBe(postgres ? "postgres" : "sqlite");
    expect(await again.store.db.selectFrom("submissions").select("id").execute()).toHaveLength(2);
    await again.close();
  });
});
