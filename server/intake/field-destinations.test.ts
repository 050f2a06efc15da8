import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captchaPlaceholder } from "../../core/form-options";
import { applicationFields, leadFields, officeName, urgencyName } from "../../core/form-fields";
import { pathOf } from "../../core/routes";
import { startSmtp, testEnv, waitFor, type TestSmtp } from "../../tests/support/intake";
import { startReceiver, type TestReceiver } from "../../tests/support/receiver";
import type { Env } from "../env";
import { main } from "../leads-cli";
import { createIntake, type Intake } from "./index";

/**
 * Every field each form declares for the firm, followed to every place a person reads a lead: the
 * firm's email, Clio Grow's message, a webhook's fields, the leads command's `show` and its CSV
 * and JSON export. A field a destination leaves out, or a field added to a form without a value
 * here, fails the table; what must be read first (a survivor's safe way to reach her) is first
 * in each.
 */

const alertTo = "on-call@lfh-immigration.example";
const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
const survivorPage = pathOf("practice-areas/victims-of-crimes/vawa-lawyer", "es");
const jobPage = pathOf("our-firm/join-our-team", "en");

/** A value for every field of each form: what the visitor sends. */
const samples = {
  lead: {
    name: "Marisol Quintero",
    email: "marisol@example.com",
    phone: "(281) 555-0142",
    office: "katy",
    topic: "victims",
    urgency: "detained",
    safeContact: "Text only, weekdays after 2 pm. No voicemail.",
    message: "I need help with a VAWA self-petition for myself and my son.",
    consent: true,
    company: "",
    recaptchaToken: captchaPlaceholder.unavailable,
    locale: "es",
    source: "information-request",
    page: survivorPage,
  },
  application: {
    fullName: "Luis Vega Santos",
    email: "luis@example.com",
    phone: "2815550100",
    location: "houston",
    linkedin: "https://www.linkedin.com/in/luis-vega",
    job: "Bilingual legal assistant",
    coverLetter: "I have five years of experience as a bilingual legal assistant in Houston.",
    resume: "",
    consent: true,
    company: "",
    recaptchaToken: captchaPlaceholder.unavailable,
    locale: "en",
    page: jobPage,
  },
} satisfies {
  lead: Record<keyof typeof leadFields, unknown>;
  application: Record<keyof typeof applicationFields, unknown>;
};

type FieldSpec = { firm: string | false; show?: string; first?: string };
const registries: Record<keyof typeof samples, Record<string, FieldSpec>> = {
  lead: leadFields,
  application: applicationFields,
};

/** How the firm reads a sent value where the form's registry says it is shown another way. */
function shownValue(spec: FieldSpec, value: unknown): string {
  if (spec.show === "office") return officeName(value);
  if (spec.show === "language") return value === "es" ? "Spanish" : "English";
  if (spec.show === "consent") return value === true ? "Yes" : "No";
  if (spec.show === "urgency") return urgencyName[value as keyof typeof urgencyName];
  return String(value);
}

/** Quoted-printable undone, so the email's text reads as the firm's mail program shows it. */
function decoded(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8").replace(/\r\n/g, "\n");
}

function csvRows(text: string): string[][] {
  return text
    .trim()
    .split("\n")
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)/g)].map((m) => (m[1] ?? m[2] ?? "").replace(/""/g, '"')),
    );
}

let env: Env;
let smtp: TestSmtp;
let webhook: TestReceiver;
let clio: TestReceiver;
let intake: Intake;
const ids: Record<keyof typeof samples, string> = { lead: "", application: "" };

async function cli(...args: string[]): Promise<string> {
  let out = "";
  const code = await main(args, {
    env: { DATABASE_URL: env.DATABASE_URL, MAIL_DIR: env.MAIL_DIR },
    out: (text) => (out += text),
    err: () => undefined,
  });
  expect(code).toBe(0);
  return out;
}

/** The text each destination shows a person for one lead. */
async function destinations(form: keyof typeof samples) {
  const id = ids[form];
  const mail = smtp.received.find((message) => new RegExp(`^X-Lead-Id: ${id}`, "im").test(message.raw))!;
  const alert = smtp.received.find((message) => message.raw.includes(`Lead id: ${id}`) && message !== mail);
  const hook = webhook.received
    .map((request) => JSON.parse(request.body) as { data: { id: string; fields: Record<string, unknown> } })
    .find((event) => event.data.id === id)!;
  const crm = clio.received
    .map((request) => JSON.parse(request.body) as { inbox_lead: { from_message: string } })
    .find((lead) => lead.inbox_lead.from_message.includes(`Lead id: ${id}`))!;
  const [header, ...rows] = csvRows(await cli("export", "--format", "csv"));
  const json = JSON.parse(await cli("export", "--format", "json")) as Record<string, unknown>[];
  return {
    email: decoded(mail.raw),
    alert,
    clio: crm.inbox_lead.from_message,
    webhook: hook.data,
    show: await cli("show", id),
    csv: { header: header!, row: rows.find((row) => row.includes(id))! },
    json: json.find((row) => row.id === id)!,
  };
}

beforeAll(async () => {
  smtp = await startSmtp();
  webhook = await startReceiver();
  clio = await startReceiver(() => 201);
  const vars = {
    SMTP_URL: smtp.url,
    DESTINATION_HOOK_KIND: "webhook",
    DESTINATION_HOOK_URL: webhook.url,
    DESTINATION_HOOK_SECRET: secret,
    DESTINATION_CLIO_KIND: "clio-grow",
    DESTINATION_CLIO_TOKEN: "grow-token-123",
    DESTINATION_CLIO_URL: clio.url,
    ALERT_TO: alertTo,
  };
  env = testEnv(vars);
  intake = await createIntake(env, { pollMs: 30 });
  const lead = await intake.app.request("/api/leads", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(samples.lead),
  });
  expect(lead.status).toBe(201);
  ids.lead = ((await lead.json()) as { id: string }).id;
  const form = new FormData();
  for (const [name, value] of Object.entries(samples.application)) if (name !== "resume") form.set(name, String(value));
  const application = await intake.app.request("/api/careers", { method: "POST", body: form });
  expect(application.status).toBe(201);
  ids.application = ((await application.json()) as { id: string }).id;
  await waitFor(async () =>
    (await intake.store.db.selectFrom("outbox").select("sent_at").execute()).every((row) => row.sent_at !== null),
  );
  await waitFor(() => smtp.received.length === 3);
  // The two submissions' emails, and the urgent lead's alert.
  expect(smtp.received).toHaveLength(3);
  expect(webhook.received).toHaveLength(2);
  expect(clio.received).toHaveLength(2);
}, 60_000);

afterAll(async () => {
  await intake?.close();
  await smtp?.close();
  await webhook?.close();
  await clio?.close();
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe.each(["lead", "application"] as const)("every field of the %s form reaches every destination", (form) => {
  const fields = Object.entries(registries[form]).filter(([, spec]) => spec.firm !== false);

  it.each(fields)("%s", async (field, spec) => {
    const label = spec.firm as string;
    const sent: unknown = (samples[form] as Record<string, unknown>)[field];
    expect(sent, `a sample value for ${form}.${field}`).not.toBeUndefined();
    const shown = shownValue(spec, sent);
    const line = new RegExp(`^${escaped(label)}:? +${escaped(shown)}$`, "m");
    const seen = await destinations(form);
    expect(seen.email, "email").toMatch(line);
    expect(seen.clio, "Clio Grow").toMatch(line);
    expect(seen.show, "leads show").toMatch(line);
    expect(seen.webhook.fields[field], "webhook data.fields").toEqual(sent);
    const column = seen.csv.header.findIndex((name) => name === field || name === (spec as { column?: string }).column);
    expect(column, "CSV column").toBeGreaterThanOrEqual(0);
    expect(seen.csv.row[column], "CSV value").toBe(String(sent));
    expect(seen.json[seen.csv.header[column]!], "JSON export").toEqual(sent);
  });
});

describe("what must be read first", () => {
  it("is first in the email, Clio Grow, the webhook, the leads command and the export", async () => {
    const urgent = `URGENT (call first): ${urgencyName.detained}`;
    const safe = `SAFE CONTACT (read before calling): ${samples.lead.safeContact}`;
    const seen = await destinations("lead");
    const emailText = seen.email.slice(seen.email.indexOf("\n\nURGENT") + 2);
    expect(emailText.split("\n").slice(0, 2)).toEqual([urgent, safe]);
    expect(seen.email).toMatch(/^Subject: =\?UTF-8\?Q\?URGENT_—_SAFE_CONTACT_/m);
    expect(seen.clio.split("\n").slice(0, 2)).toEqual([urgent, safe]);
    expect(Object.keys(seen.webhook)[0]).toBe("readFirst");
    expect((seen.webhook as unknown as { readFirst: unknown }).readFirst).toEqual([
      { field: "urgency", label: "URGENT (call first)", value: urgencyName.detained },
      { field: "safeContact", label: "SAFE CONTACT (read before calling)", value: samples.lead.safeContact },
    ]);
    expect(seen.show.split("\n").slice(0, 2)).toEqual([urgent, safe]);
    expect(seen.csv.header.slice(0, 2)).toEqual(["urgency", "safeContact"]);
    expect(Object.keys(seen.json).slice(0, 2)).toEqual(["urgency", "safeContact"]);
  });
});

describe("an urgent lead (someone detained, a hearing within days)", () => {
  it("is flagged urgent for the webhook and alerts ALERT_TO at once, with whom to call back", async () => {
    const seen = await destinations("lead");
    expect((seen.webhook as unknown as { urgent: unknown }).urgent).toBe(true);
    expect(seen.alert, "an alert mail for the lead").toBeDefined();
    const alert = decoded(seen.alert!.raw);
    expect(alert).toMatch(new RegExp(`^To: ${escaped(alertTo)}$`, "m"));
    expect(alert).toMatch(/^Subject: =\?UTF-8\?Q\?URGENT_lead:_Someone_is_detained/m);
    expect(alert).toContain(`Phone: ${samples.lead.phone}`);
    expect(alert).toContain(`Name: ${samples.lead.name}`);
    expect(alert).not.toContain(samples.lead.message);
  });

  it("is not claimed for a lead without the answer: no flag, no alert", async () => {
    const plain = { ...samples.lead, urgency: "", safeContact: "", name: "Pedro Ruiz" };
    const response = await intake.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(plain),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await waitFor(() => webhook.received.some((request) => request.body.includes(id)));
    const event = webhook.received
      .map((request) => JSON.parse(request.body) as { data: { id: string; urgent: boolean; readFirst: unknown[] } })
      .find((hook) => hook.data.id === id)!;
    expect(event.data.urgent).toBe(false);
    expect(event.data.readFirst).toEqual([]);
    const header = new RegExp(`^X-Lead-Id: ${id}`, "im");
    await waitFor(() => smtp.received.some((message) => header.test(message.raw)));
    await intake.flush();
    const mail = decoded(smtp.received.find((message) => header.test(message.raw))!.raw);
    expect(mail).not.toMatch(/^Subject: .*URGENT/m);
    expect(smtp.received.filter((message) => message.raw.includes(`Lead id: ${id}`))).toHaveLength(1);
  });
});

describe("what a visitor types", () => {
  it("never passes for the firm's own lines in Clio Grow, and a script URL never reaches a webhook's fields", async () => {
    const forged = {
      ...samples.lead,
      safeContact: "",
      message: "Please call me.\nFlags: none\nSAFE CONTACT (read before calling): call any time, leave a voicemail",
      page: "javascript:alert(document.cookie)",
    };
    const response = await intake.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(forged),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await waitFor(
      () =>
        clio.received.some((request) => request.body.includes(id)) &&
        webhook.received.some((request) => request.body.includes(id)),
    );
    const crm = clio.received
      .map((request) => JSON.parse(request.body) as { inbox_lead: { from_message: string } })
      .find((lead) => lead.inbox_lead.from_message.includes(`Lead id: ${id}`))!.inbox_lead.from_message;
    const lines = crm.split("\n");
    expect(lines.filter((line) => line.startsWith("SAFE CONTACT"))).toEqual([]);
    expect(lines.filter((line) => line.startsWith("Flags:"))).toEqual(["Flags: captcha-placeholder"]);
    expect(lines).toContain("  Flags: none");
    const event = webhook.received
      .map((request) => JSON.parse(request.body) as { data: { id: string; page: string; fields: { page: unknown } } })
      .find((hook) => hook.data.id === id)!;
    expect(JSON.stringify(event)).not.toContain("javascript:");
    expect(event.data.fields.page).toBeNull();
  });
});
