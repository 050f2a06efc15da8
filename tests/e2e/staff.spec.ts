import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import SQLite from "better-sqlite3";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { validLead } from "../support/intake";
import { e2e } from "./env";
import { allMail } from "./mail";

// WebAuthn needs a domain (an IP address cannot be a relying party): the console is used at localhost.
const origin = `http://localhost:${e2e.port}`;
const databaseFile = `${e2e.dataDir}/leads.db`;

function database() {
  const db = new SQLite(databaseFile);
  db.pragma("busy_timeout = 5000");
  return db;
}

/** `npm run staff -- ARGS` against the test server's store and SMTP receiver. */
function staffCli(...args: string[]): string {
  return execFileSync("npx", ["tsx", "server/staff-cli.ts", ...args], {
    encoding: "utf8",
    env: {
      ...process.env,
      DATABASE_URL: `file:${databaseFile}`,
      SMTP_URL: `smtp://127.0.0.1:${e2e.smtpPort}?requireTLS=false`,
      STAFF_URL: origin,
    },
  });
}

/** The invitation link the SMTP receiver got for `email`. */
async function invitationLink(email: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      () => {
        const mail = allMail().find((m) => m.headers.to?.includes(email) && m.text.includes("/staff/invitation/"));
        link = /(http:\/\/\S+\/staff\/invitation\/[\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe("");
  return link;
}

/** Chromium's virtual authenticator: a passkey that answers without a person. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Invites `email`, registers a passkey from the emailed link and lands signed in. */
async function joinAs(page: Page, email: string, role: "admin" | "staff") {
  staffCli("invite", email, "--role", role);
  const link = await invitationLink(email);
  await virtualAuthenticator(page);
  await page.goto(link);
  await page.getByRole("button", { name: "Create a passkey" }).click();
  await expect(page).toHaveURL(/\/staff\/leads$/);
  return link;
}

async function postLead(context: BrowserContext, name: string) {
  const response = await context.request.post(`${origin}/api/leads`, {
    data: { ...validLead, name, email: `${randomUUID().slice(0, 8)}@example.com` },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; reference: string };
}

const mailsFor = (marker: string) => allMail().filter((m) => m.text.includes(marker)).length;

// Each walks through many pages and waits for real mail: longer than a page test.
test.describe.configure({ mode: "serial", timeout: 180_000 });

test("staff invite, register, find a lead by reference, release, redeliver, export and sign out @timing", async ({
  page,
  context,
}) => {
  const admin = `admin-${randomUUID().slice(0, 6)}@firm.example`;
  await joinAs(page, admin, "admin");
  await expect(page.locator("meta[name=robots]")).toHaveAttribute("content", "noindex, nofollow");

  // A lead with an accented name, found by the reference read aloud on the phone.
  const tag = randomUUID().slice(0, 6);
  const name = `María José Peña ${tag}`;
  const lead = await postLead(context, name);
  await expect.poll(() => mailsFor(name), { timeout: 30_000 }).toBe(1);
  await page.getByLabel("Search").fill(lead.reference.toLowerCase().replace(/-/g, " "));
  await page.getByRole("button", { name: "Filter" }).click();
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Lead ${lead.reference}`);
  await expect(page.getByText("/contact")).toBeVisible();

  // A held submission: released from the queue, the outbox delivers it to the firm's inbox.
  const heldName = `Held Lead ${tag}`;
  const db = database();
  const heldId = randomUUID();
  const original = db.prepare("select details from submissions where id = ?").get(lead.id) as { details: string };
  const details = JSON.parse(original.details) as { fields: Record<string, unknown> };
  details.fields.name = heldName;
  const heldReference = `LFH-HELD-${tag.slice(0, 2).toUpperCase()}`;
  db.prepare(
    `insert into submissions (id, reference, kind, status, flags, captcha_score, created_at, locale, name, email, phone, office, topic, message, page, details)
     select ?, ?, kind, 'review', 'captcha-unavailable', null, created_at, locale, ?, email, phone, office, topic, message, page, ? from submissions where id = ?`,
  ).run(heldId, heldReference, heldName, JSON.stringify(details), lead.id);
  await page.getByRole("link", { name: "Held for review" }).click();
  await expect(page.getByRole("row", { name: new RegExp(heldName) })).toContainText("captcha-unavailable");
  await page.getByRole("checkbox", { name: `Select ${heldName}` }).check();
  await page.getByRole("button", { name: "Release to the firm" }).click();
  await expect(page.getByRole("status")).toContainText("Released 1");
  await expect.poll(() => mailsFor(heldReference), { timeout: 30_000 }).toBe(1);

  // A delivery given up on: redelivered from the Deliveries page, it reaches the inbox again.
  db.prepare(
    "update outbox set sent_at = null, failed_at = ?, attempts = 20, last_error = 'refused in test' where submission_id = ?",
  ).run(new Date().toISOString(), lead.id);
  db.close();
  await page.getByRole("link", { name: "Deliveries" }).click();
  const row = page.getByRole("row", { name: new RegExp(lead.id) });
  await expect(row).toContainText("refused in test");
  await row.getByRole("button", { name: "Redeliver" }).click();
  await expect(page.getByRole("status")).toContainText("Queued 1");
  await expect.poll(() => mailsFor(name), { timeout: 30_000 }).toBe(2);

  // The CSV opens in Excel with the accents right: UTF-8 with its byte order mark.
  await page.getByRole("link", { name: "Export" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  const file = readFileSync(await (await downloading).path());
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = file.toString("utf8");
  expect(csv).toContain(name);
  expect(csv).toContain("Katy office");
  expect(csv).toMatch(/ C[SD]T"/);

  // The audit log names the views, release, redelivery and export by id.
  await page.getByRole("link", { name: "Audit log" }).click();
  for (const action of ["view", "release", "redeliver", "export"])
    await expect(page.getByRole("cell", { name: action, exact: true }).first()).toBeVisible();
  await expect(page.locator("main")).not.toContainText("María");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("status")).toHaveText("You are signed out.");
  await page.goto(`${origin}/staff/leads`);
  await expect(page).toHaveURL(/\/staff\/sign-in$/);

  // The same passkey signs in again.
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/staff\/leads$/);
});

test("staff refusals: no session, expired session, another origin, reused or expired invitation, revoked user", async ({
  page,
}) => {
  // No session: pages send to the sign-in, a post is refused.
  const anonymous = await page.request.get(`${origin}/staff/leads`, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(303);
  expect(anonymous.headers().location).toBe("/staff/sign-in");
  const post = await page.request.post(`${origin}/staff/held`, {
    headers: { Origin: origin },
    form: { action: "discard", id: "x" },
  });
  expect(post.status()).toBe(401);

  const email = `staff-${randomUUID().slice(0, 6)}@firm.example`;
  const link = await joinAs(page, email, "staff");

  // Another origin posting with the session's cookie and token: refused.
  const csrf = await page.locator("input[name=csrf]").first().inputValue();
  const foreign = await page.request.post(`${origin}/staff/held`, {
    headers: { Origin: "https://attacker.example" },
    form: { csrf, action: "discard", id: "x" },
  });
  expect(foreign.status()).toBe(403);
  const tokenless = await page.request.post(`${origin}/staff/held`, {
    headers: { Origin: origin },
    form: { action: "discard", id: "x" },
  });
  expect(tokenless.status()).toBe(403);

  // A staff member is not an administrator.
  expect((await page.request.get(`${origin}/staff/audit`)).status()).toBe(403);

  // The invitation was spent.
  await page.goto(link);
  await expect(page.getByText("This invitation cannot be used")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create a passkey" })).toHaveCount(0);

  // An invitation past its 24 hours.
  const late = `late-${randomUUID().slice(0, 6)}@firm.example`;
  staffCli("invite", late, "--role", "staff");
  const lateLink = await invitationLink(late);
  const db = database();
  db.prepare("update staff_invitations set expires_at = ? where email = ?").run(
    new Date(Date.now() - 1000).toISOString(),
    late,
  );
  await page.goto(lateLink);
  await expect(page.getByText("This invitation cannot be used")).toBeVisible();

  // A session idle for 31 minutes (its last use moved back in the store) has ended.
  await page.goto(`${origin}/staff/leads`);
  db.prepare(
    "update staff_sessions set last_seen_at = ? where user_id = (select id from staff_users where email = ?)",
  ).run(new Date(Date.now() - 31 * 60_000).toISOString(), email);
  await page.reload();
  await expect(page).toHaveURL(/\/staff\/sign-in\?ended$/);
  await expect(page.getByRole("status")).toHaveText("Your session ended. Sign in again.");

  // Signed in again, then revoked: the session ends and the passkey no longer signs in.
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/staff\/leads$/);
  staffCli("revoke", email);
  await page.reload();
  await expect(page).toHaveURL(/\/staff\/sign-in/);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toContainText("That did not work");
  await expect(page).toHaveURL(/\/staff\/sign-in/);
  db.close();

  // No public page links to the console.
  await page.goto(`${origin}/`);
  await expect(page.locator('a[href^="/staff"]')).toHaveCount(0);
});
