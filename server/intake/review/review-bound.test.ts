import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pgBin, startPgCluster } from "../../../tests/support/pg-cluster";
import { startSmtp, submissionRow, tempDir, testEnv, validLead, waitFor } from "../../../tests/support/intake";
import { createIntake } from "../index";
import { reviewQueue } from "./review";

const hasPostgres = pgBin("initdb") !== undefined;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const minutes = (n: number) => new Date(Date.parse("2026-11-20T10:00:00Z") + n * 60_000).toISOString();

describe.each([
  ["SQLite", false],
  ["PostgreSQL", true],
])("the held-for-review queue on %s", (_name, postgres) => {
  it.skipIf(postgres && !hasPostgres)(
    "keeps REVIEW_MAX_HELD, the real-looking oldest first, and its digest is bounded and links to the console",
    async () => {
      let databaseUrl = `file:${join(tempDir(), "leads.db")}`;
      if (postgres) {
        const cluster = await startPgCluster();
        cleanups.push(() => cluster.stop());
        databaseUrl = cluster.url;
      }
      const smtp = await startSmtp();
      cleanups.push(smtp.close);
      const intake = await createIntake(
        testEnv({
          DATABASE_URL: databaseUrl,
          SMTP_URL: smtp.url,
          RECAPTCHA_SECRET: "configured",
          REVIEW_MAX_HELD: "100",
          SITE_URL: "https://www.firm.example",
        }),
        { now: () => new Date(minutes(60)) },
      );
      cleanups.push(() => intake.close());
      // A real person blocked by an ad blocker, before the flood; then 900 held submissions from
      // 300 addresses in 42 seconds, repeating themselves; a second real person in the middle of it.
      const flood = Array.from({ length: 900 }, (_, i) =>
        submissionRow(`flood-${String(i).padStart(3, "0")}`, {
          status: "review",
          flags: "captcha-placeholder",
          created_at: new Date(Date.parse(minutes(10)) + i * 46).toISOString(),
          name: `Buyer ${i % 300}`,
          email: `buyer${i % 300}@spam.example`,
          phone: `555${String(i % 300).padStart(7, "0")}`,
          message: "Cheap followers at https://spam.example",
        }),
      );
      const real = [
        submissionRow("real-early", { status: "review", created_at: minutes(1), name: "Rosa Méndez" }),
        submissionRow("real-during", {
          status: "review",
          created_at: minutes(10.3),
          name: "Luis Vega",
          email: "luis@example.com",
          phone: "2815550100",
          message: "My work permit expires next month; can you help me renew it?",
        }),
      ];
      for (let i = 0; i < flood.length; i += 100)
        await intake.store.db
          .insertInto("submissions")
          .values(flood.slice(i, i + 100))
          .execute();
      await intake.store.db.insertInto("submissions").values(real).execute();

      // One more held submission through the form: the bound applies.
      const response = await intake.app.request("/api/leads", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...validLead, name: "Ana Ruiz", email: "ana.ruiz@example.com", phone: "7135550199" }),
      });
      expect(response.status).toBe(201);
      const queue = await reviewQueue(intake.store);
      expect(queue).toHaveLength(100);
      const names = queue.map((item) => item.name);
      for (const name of ["Rosa Méndez", "Luis Vega", "Ana Ruiz"]) expect(names).toContain(name);
      // The flood items kept are its oldest; the rest are kept aside as suspected spam.
      expect(queue.filter((item) => item.id.startsWith("flood-")).map((item) => item.id)).toEqual(
        flood.slice(0, 97).map((row) => row.id),
      );
      const aside = await intake.store.db
        .selectFrom("submissions")
        .select(["status", "flags"])
        .where("id", "=", "flood-899")
        .executeTakeFirstOrThrow();
      expect(aside).toEqual({ status: "suspected-spam", flags: "captcha-placeholder,review-overflow" });

      expect(await intake.digest()).toBe(100);
      await waitFor(() => smtp.received.length === 1);
      // The plain-text part, quoted-printable decoded.
      const text = Buffer.from(
        smtp.received[0]!.raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
          String.fromCharCode(parseInt(hex, 16)),
        ),
        "latin1",
      )
        .toString("utf8")
        .split("Content-Type: text/html")[0]!;
      expect(text).toContain("https://www.firm.example/staff/held");
      expect(text).toContain("100 submission(s) wait for review");
      expect(text).toContain("… and 50 more");
      // Listed: the real-looking ones first, oldest first.
      const listed = [...text.matchAll(/^LFH-\S+ {2}.*: (.*)\r?$/gm)].map((match) => match[1]);
      expect(listed).toHaveLength(50);
      expect(listed.slice(0, 3)).toEqual(["Rosa Méndez", "Luis Vega", "Ana Ruiz"]);
    },
    120_000,
  );
});
