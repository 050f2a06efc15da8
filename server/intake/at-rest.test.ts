import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { docxBytes } from "../../tests/support/files";
import { applicationForm, startSmtp, tempDir, validLead, waitFor } from "../../tests/support/intake";
import { backupCli } from "../../tests/support/lead-traffic";
import { pgBin, startPgCluster } from "../../tests/support/pg-cluster";
import { startReceiver } from "../../tests/support/receiver";
import { loadEnv } from "../env";
import { main as leadsCli } from "../leads-cli";
import { AtRestError, openText, sealText } from "./at-rest";
import { createIntake } from "./index";
import { readStoredResume } from "./uploads/resume-files";
import { openStore, readSubmission } from "./store";

// The firm's replay of a stolen disk: the data folder and a backup copied by someone without the
// key hold none of a lead's personal data, while the server that has the key reads and sends it.

const newKey = () => randomBytes(32).toString("base64");

/** A lead whose every personal field carries `marker`, to search raw bytes for. */
function markedLead(marker: string) {
  return {
    ...validLead,
    name: `Ana ${marker}name`,
    email: `ana.${marker.toLowerCase()}@example.com`,
    phone: `(281) 555-${marker.slice(0, 4).replace(/\D/g, "0").padEnd(4, "0")}`,
    message: `My U visa case ${marker}message: I was the victim of a crime and have no status.`,
    safeContact: `Only text, never call; say it is the pharmacy ${marker}safe`,
  };
}
const secrets = (lead: ReturnType<typeof markedLead>) => [
  lead.name,
  lead.email,
  lead.phone,
  `${lead.message.slice(0, 30)}`,
  lead.safeContact,
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Each text found in the raw bytes of any file under `dirs`, with the file it is in. */
function plaintextIn(dirs: string[], texts: string[]): string[] {
  return dirs.flatMap((dir) =>
    filesUnder(dir).flatMap((file) => {
      const bytes = readFileSync(file);
      return texts.filter((text) => bytes.includes(Buffer.from(text, "utf8"))).map((text) => `${file}: ${text}`);
    }),
  );
}

async function post(intake: Awaited<ReturnType<typeof createIntake>>, lead: object) {
  const response = await intake.app.request("/api/leads", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(lead),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function cli(argv: string[], env: Record<string, string>) {
  let out = "";
  const code = await leadsCli(argv, { env, out: (t) => (out += t), err: (t) => (out += t) });
  return { code, out };
}

describe("personal data encrypted at rest (SQLite)", () => {
  it(
    "a copied data folder (store, WAL, resumes) and a backup hold none of a lead's personal data; the server with the key sends it",
    { timeout: 120_000 },
    async () => {
      const data = join(tempDir("lfh-atrest-"), "data");
      const smtp = await startSmtp();
      const hook = await startReceiver();
      const settings = {
        DATABASE_URL: `file:${join(data, "leads.db")}`,
        MAIL_DIR: join(data, "mail"),
        SMTP_URL: smtp.url,
        DESTINATION_CRM_KIND: "webhook",
        DESTINATION_CRM_URL: hook.url,
        DESTINATION_CRM_SECRET: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
        DATABASE_KEY: newKey(),
        RATE_LIMIT_PER_MINUTE: "1000",
        PURGE_AFTER_DAYS: "off",
        UPLOAD_SHED_LOAD: "off",
      };
      const lead = markedLead("QZXW");
      const held = markedLead("HJKV");
      const resume = Buffer.from(docxBytes());
      const intake = await createIntake(loadEnv(settings), { pollMs: 30 });
      let applicationId = "";
      try {
        await post(intake, lead);
        const application = await intake.app.request("/api/careers", {
          method: "POST",
          body: applicationForm(new File([resume], "Ana QZXW resume.docx"), {
            fullName: "Ana QZXWapplicant",
            email: "ana.applicant@example.com",
          }),
        });
        expect(application.status).toBe(201);
        applicationId = ((await application.json()) as { id: string }).id;
        await waitFor(() => smtp.received.length >= 2 && hook.received.length >= 2);
        // The webhook's signed link sends the resume as it came, opened from its sealed file.
        const link = hook.received
          .map((request) => JSON.parse(request.body) as { data: { resume: { url: string } | null } })
          .flatMap((event) => (event.data.resume ? [new URL(event.data.resume.url)] : []))[0]!;
        const download = await intake.app.request(`${link.pathname}${link.search}`);
        expect(download.status).toBe(200);
        expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), resume)).toBe(0);
        // Copied while the server runs: the store, its WAL and shared memory, the resume file.
        expect(readdirSync(data)).toEqual(expect.arrayContaining(["leads.db", "leads.db-wal", "resumes"]));
        expect(plaintextIn([data], [...secrets(lead), "QZXWapplicant", "Ana QZXW resume"])).toEqual([]);
      } finally {
        await intake.close();
      }
      // Held for review (a captcha is configured and could not vouch for it): stored, never sent.
      const holding = await createIntake(loadEnv({ ...settings, RECAPTCHA_SECRET: "s" }), { pollMs: 30 });
      try {
        await post(holding, held);
      } finally {
        await holding.close();
      }
      await smtp.close();
      await hook.close();

      // The server that has the key read the lead and sent it whole, resume attached as it came.
      const sent = smtp.received.map((m) => m.raw.replace(/=\r?\n/g, "")).join("\n");
      for (const text of [lead.name, lead.email, lead.safeContact]) expect(sent).toContain(text);
      expect(sent).toContain(resume.subarray(0, 48).toString("base64").slice(0, 40));

      const backups = tempDir("lfh-atrest-backups-");
      const backup = await backupCli(["backup", "--dir", backups], settings);
      expect(backup.code).toBe(0);

      const texts = [
        ...secrets(lead),
        ...secrets(held),
        "QZXWapplicant",
        "ana.applicant@example.com",
        "Ana QZXW resume",
      ];
      expect(readdirSync(join(data, "resumes"))).toHaveLength(1);
      expect(plaintextIn([data, backups], texts)).toEqual([]);
      // Nor the resume's own bytes (a zip's file names are in clear inside a .docx).
      for (const file of [...filesUnder(data), ...filesUnder(backups)])
        expect(readFileSync(file).includes(resume.subarray(30, 90))).toBe(false);

      // Restored from the backup, the key reads it again.
      const restored = { ...settings, DATABASE_URL: `file:${join(tempDir("lfh-atrest-restored-"), "leads.db")}` };
      const [folder] = readdirSync(backups).filter((name) => name.startsWith("leads-"));
      expect((await backupCli(["restore", join(backups, folder!)], restored)).code).toBe(0);
      expect((await cli(["list"], restored)).out).toContain(lead.name);

      // With the key, the firm's command reads both leads and the resume, byte for byte.
      const list = await cli(["list"], settings);
      expect(list.out).toContain(lead.name);
      expect(list.out).toContain(held.name);
      const store = await openStore(settings.DATABASE_URL, { keyring: loadEnv(settings).keyring });
      try {
        const row = await store.db
          .selectFrom("submissions")
          .selectAll()
          .where("id", "=", applicationId)
          .executeTakeFirstOrThrow();
        expect(Buffer.compare((await readStoredResume(store, row))!, resume)).toBe(0);
        expect(readSubmission(row).details.fields).toMatchObject({ fullName: "Ana QZXWapplicant" });
      } finally {
        await store.close();
      }
    },
  );

  it("a wrong key or no key is refused with a plain message, not read as garbage", async () => {
    const data = tempDir("lfh-atrest-");
    const settings = { DATABASE_URL: `file:${join(data, "leads.db")}`, DATABASE_KEY: newKey() };
    const intake = await createIntake(loadEnv({ ...settings, MAIL_DIR: join(data, "mail") }));
    await post(intake, markedLead("WRNG"));
    await intake.close();

    const wrong = loadEnv({ ...settings, DATABASE_KEY: newKey() }).keyring;
    await expect(openStore(settings.DATABASE_URL, { keyring: wrong })).rejects.toThrow(AtRestError);
    await expect(openStore(settings.DATABASE_URL, { keyring: wrong })).rejects.toThrow(
      /sealed with key .* which neither DATABASE_KEY nor DATABASE_KEYS_OLD holds/,
    );
    await expect(openStore(settings.DATABASE_URL)).rejects.toThrow(/encrypted .* DATABASE_KEY is not set/);
    const withoutKey = await cli(["list"], { DATABASE_URL: settings.DATABASE_URL });
    expect(withoutKey.code).toBe(1);
    expect(withoutKey.out).toMatch(/DATABASE_KEY is not set/);
  });

  it("rows stored in clear before a key was set are sealed when it is, and still read", async () => {
    const data = join(tempDir("lfh-atrest-"), "data");
    const settings = {
      DATABASE_URL: `file:${join(data, "leads.db")}`,
      MAIL_DIR: join(tempDir("lfh-atrest-mail-"), "mail"),
    };
    // A visitor's line that merely looks sealed is sealed with the rest and reads as typed.
    const lead = { ...markedLead("MGRT"), safeContact: "lfh-enc:1:AAAAAAAAAAAAAAAA:MGRTsafe" };
    const before = await createIntake(loadEnv(settings));
    const id = await post(before, lead);
    await before.close();
    expect(plaintextIn([data], secrets(lead)).length).toBeGreaterThan(0);

    const keyed = { ...settings, DATABASE_KEY: newKey() };
    const shown = await cli(["show", id], keyed);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(lead.safeContact);
    expect(plaintextIn([data], secrets(lead))).toEqual([]);
  });

  it("rotation re-seals everything with the new key; the old key is then no longer needed", async () => {
    const data = join(tempDir("lfh-atrest-"), "data");
    const oldKey = newKey();
    const settings = {
      DATABASE_URL: `file:${join(data, "leads.db")}`,
      MAIL_DIR: join(tempDir("lfh-atrest-mail-"), "mail"),
      DATABASE_KEY: oldKey,
    };
    const resume = Buffer.from(docxBytes());
    const intake = await createIntake(loadEnv(settings));
    const id = await post(intake, markedLead("ROTA"));
    const application = await intake.app.request("/api/careers", {
      method: "POST",
      body: applicationForm(new File([resume], "cv.docx")),
    });
    expect(application.status).toBe(201);
    await intake.close();

    const rotated = { ...settings, DATABASE_KEY: newKey(), DATABASE_KEYS_OLD: oldKey };
    const rekey = await cli(["rekey"], rotated);
    expect(rekey.code).toBe(0);
    expect(rekey.out).toMatch(/^Sealed 2 submission\(s\) and 1 resume file\(s\)/);

    const newOnly = { ...settings, DATABASE_KEY: rotated.DATABASE_KEY };
    const shown = await cli(["show", id], newOnly);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain("pharmacy ROTAsafe");
    const store = await openStore(newOnly.DATABASE_URL, { keyring: loadEnv(newOnly).keyring });
    try {
      const row = await store.db
        .selectFrom("submissions")
        .selectAll()
        .where("kind", "=", "application")
        .executeTakeFirstOrThrow();
      expect(Buffer.compare((await readStoredResume(store, row))!, resume)).toBe(0);
    } finally {
      await store.close();
    }
    // The old key alone no longer opens the store: nothing is sealed with it any more.
    const oldOnly = await cli(["list"], settings);
    expect(oldOnly.code).toBe(1);
  });
});

describe("personal data encrypted at rest (PostgreSQL)", () => {
  it.skipIf(!pgBin("initdb"))(
    "the sensitive columns hold no plaintext, and the server with the key sends the lead",
    { timeout: 120_000 },
    async () => {
      const cluster = await startPgCluster();
      const smtp = await startSmtp();
      const settings = {
        DATABASE_URL: cluster.url,
        SMTP_URL: smtp.url,
        DATABASE_KEY: newKey(),
        RATE_LIMIT_PER_MINUTE: "1000",
        UPLOAD_SHED_LOAD: "off",
        PURGE_AFTER_DAYS: "off",
      };
      const lead = markedLead("PGSQ");
      const resume = Buffer.from(docxBytes());
      const client = new pg.Client({ connectionString: cluster.url });
      try {
        const intake = await createIntake(loadEnv(settings), { pollMs: 30 });
        try {
          await post(intake, lead);
          const application = await intake.app.request("/api/careers", {
            method: "POST",
            body: applicationForm(new File([resume], "Ana PGSQ resume.docx"), { fullName: "Ana PGSQapplicant" }),
          });
          expect(application.status).toBe(201);
          await waitFor(() => smtp.received.length >= 2);
        } finally {
          await intake.close();
        }
        const sent = smtp.received.map((m) => m.raw.replace(/=\r?\n/g, "")).join("\n");
        expect(sent).toContain(lead.safeContact);
        await client.connect();
        const { rows } = await client.query<Record<string, string | Buffer | null>>(
          "select name, email, phone, message, topic, page, details, resume_name, resume from submissions",
        );
        expect(rows).toHaveLength(2);
        const raw = rows
          .flatMap((row) => Object.values(row))
          .map((value) => (Buffer.isBuffer(value) ? value.toString("latin1") : (value ?? "")))
          .join("\n");
        for (const text of [...secrets(lead), "PGSQapplicant", "Ana PGSQ resume"]) expect(raw).not.toContain(text);
        expect(raw).not.toContain(resume.subarray(30, 90).toString("latin1"));
      } finally {
        await client.end().catch(() => undefined);
        await smtp.close();
        cluster.stop();
      }
    },
  );
});

describe("a production server without a key", () => {
  it(
    "is refused at start with a plain message, unless told to keep personal data in clear",
    { timeout: 60_000 },
    async () => {
      expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(/^DATABASE_KEY: is not set, and NODE_ENV=production/);
      expect(loadEnv({ NODE_ENV: "production", ALLOW_UNENCRYPTED_STORE: "true" }).keyring).toBeUndefined();
      expect(() => loadEnv({ DATABASE_KEY: "too-short" })).toThrow(/DATABASE_KEY: must be 32 random bytes/);

      const main = join(dirname(fileURLToPath(import.meta.url)), "..", "main.ts");
      const child = spawn(process.execPath, ["--import", "tsx", main], {
        env: { ...process.env, NODE_ENV: "production", DATABASE_KEY: "", ALLOW_UNENCRYPTED_STORE: "" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let err = "";
      child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(code).toBe(1);
      expect(err).toMatch(/^Configuration error: DATABASE_KEY: is not set, and NODE_ENV=production/);
    },
  );
});

describe("a sealed value", () => {
  const keyring = loadEnv({ DATABASE_KEY: newKey() }).keyring!;
  it("that was changed is refused with a plain error, not opened as garbage", () => {
    const sealedText = sealText(keyring.current, "message", "I have no status");
    expect(openText(keyring, "message", sealedText)).toBe("I have no status");
    const changed = `${sealedText.slice(0, -4)}${sealedText.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    expect(() => openText(keyring, "message", changed)).toThrow(/does not open with that key/);
    // Moved into another column, it does not open either.
    expect(() => openText(keyring, "name", sealedText)).toThrow(AtRestError);
  });

  it("sealed with a key the process does not hold is an error, never handed on as ciphertext", () => {
    const other = loadEnv({ DATABASE_KEY: newKey() }).keyring!;
    const sealedText = sealText(other.current, "name", "Ana Ruiz");
    expect(() => openText(keyring, "name", sealedText)).toThrow(/neither DATABASE_KEY nor DATABASE_KEYS_OLD holds/);
  });
});
