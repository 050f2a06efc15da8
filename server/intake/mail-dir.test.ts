import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir, validLead, waitFor } from "../../tests/support/intake";
import { loadEnv } from "../env";
import { main as leadsCli } from "../leads-cli";
import { createIntake } from "./index";

// Without SMTP the firm's mail is a folder of .eml files (MAIL_DIR). With DATABASE_KEY set they
// are sealed like the store: a copy of the folder says nothing without the key, and the firm
// reads a message with `npm run leads -- mail FILE`.

const newKey = () => randomBytes(32).toString("base64");
const lead = {
  ...validLead,
  name: "Ana MAILDIRname",
  email: "ana.maildir@example.com",
  message: "My U visa case MAILDIRmessage: I was the victim of a crime.",
};

async function cli(argv: string[], env: Record<string, string>) {
  let out = "";
  let err = "";
  const code = await leadsCli(argv, { env, out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

/** Posts the lead to a server with `settings` and resolves with the .eml file its email became. */
async function mailedLead(settings: Record<string, string>): Promise<string> {
  const intake = await createIntake(loadEnv(settings));
  try {
    const response = await intake.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(lead),
    });
    expect(response.status).toBe(201);
    const mailDir = settings.MAIL_DIR!;
    const emails = () => (existsSync(mailDir) ? readdirSync(mailDir).filter((n) => n.endsWith(".eml")) : []);
    await waitFor(() => emails().length > 0);
    return join(mailDir, emails()[0]!);
  } finally {
    await intake.close();
  }
}

const settingsIn = (dir: string, key?: string) => ({
  DATABASE_URL: `file:${join(dir, "leads.db")}`,
  MAIL_DIR: join(dir, "mail"),
  SMTP_URL: "",
  ...(key ? { DATABASE_KEY: key } : {}),
});

describe("MAIL_DIR with DATABASE_KEY", () => {
  it("a copied .eml file holds none of the lead and opens only with the key", { timeout: 60_000 }, async () => {
    const key = newKey();
    const settings = settingsIn(tempDir("lfh-maildir-"), key);
    const file = await mailedLead(settings);
    const copy = join(tempDir("lfh-maildir-copy-"), "copied.eml");
    copyFileSync(file, copy);

    const raw = readFileSync(copy);
    for (const text of [lead.name, lead.email, lead.phone, "MAILDIRmessage", "Subject:"])
      expect(raw.includes(Buffer.from(text)), text).toBe(false);

    // Someone with the copy and a store of their own, but not the key.
    const withoutKey = await cli(["mail", copy], settingsIn(tempDir("lfh-maildir-other-")));
    expect(withoutKey.code).toBe(1);
    expect(withoutKey.err).toMatch(/sealed with key .* which neither DATABASE_KEY nor DATABASE_KEYS_OLD holds/);
    expect(withoutKey.out).toBe("");
    const wrongKey = await cli(["mail", copy], settingsIn(tempDir("lfh-maildir-other-"), newKey()));
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.out).toBe("");

    const opened = await cli(["mail", copy], settings);
    expect(opened.code).toBe(0);
    expect(opened.out).toContain(lead.name);
    expect(opened.out).toContain("MAILDIRmessage");
    expect(opened.out).toMatch(/^Subject: /m);
  });

  it(
    "without a key the files stay plain .eml messages, as a developer's mail client opens them",
    { timeout: 60_000 },
    async () => {
      const file = await mailedLead(settingsIn(tempDir("lfh-maildir-")));
      expect(readFileSync(file, "utf8")).toMatch(/^Subject: /m);
    },
  );

  it("a rotation re-seals the folder: after rekey the new key alone opens it", { timeout: 60_000 }, async () => {
    const oldKey = newKey();
    const settings = settingsIn(tempDir("lfh-maildir-"), oldKey);
    const file = await mailedLead(settings);
    const newKeyText = newKey();
    const rekey = await cli(["rekey"], { ...settings, DATABASE_KEY: newKeyText, DATABASE_KEYS_OLD: oldKey });
    expect(rekey.code).toBe(0);
    expect(rekey.out).toContain("and 1 .eml file(s) of MAIL_DIR");
    const opened = await cli(["mail", file], { ...settings, DATABASE_KEY: newKeyText });
    expect(opened.code).toBe(0);
    expect(opened.out).toContain(lead.name);
  });
});
