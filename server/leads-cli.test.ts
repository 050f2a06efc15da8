import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionRow, testEnv, validLead } from "../tests/support/intake";
import { createIntake, type Intake } from "./intake/index";
import { openStore } from "./intake/store";
import { main } from "./leads-cli";

const run = promisify(execFile);
const env = testEnv();
let intake: Intake;
const ids: Record<string, string> = {};

/** The firm's command-line view of the store, in this process: what it prints and its exit code. */
async function leads(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    env: { DATABASE_URL: env.DATABASE_URL, MAIL_DIR: env.MAIL_DIR },
    out: (text) => (stdout += text),
    err: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

async function post(body: Record<string, unknown>): Promise<string> {
  const response = await intake.app.request("/api/leads", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { id: string }).id;
}

const hostile = {
  name: "\u001b[2J\u001b]0;pwned\u0007\u001b]8;;http://evil.example\u0007click\u001b]8;;\u0007\rLegit Client\u{E0041}\u2800\u206A\uFE0F\u180B\u{1BCA0}\u{13430}\u3164",
  message: "line\u202Egnp.exe\u0000",
  resume_name: "cv\u001b[31m.pdf",
};

beforeAll(async () => {
  intake = await createIntake(env);
  ids.lead = await post(validLead);
  ids.formula = await post({ ...validLead, name: '=HYPERLINK("http://evil.example")' });
  ids.spam = await post({ ...validLead, name: "Bot Co", company: "Acme SEO" });
  await intake.flush();
  await intake.close();
  const store = await openStore(env.DATABASE_URL);
  await store.db.insertInto("submissions").values(submissionRow("hostile-1", hostile)).execute();
  await store.close();
}, 30_000);

/**
 * Characters a terminal would act on (ESC, BEL, CR, NUL, bidi overrides) or show as nothing (tag
 * characters, braille blank, deprecated format controls, variation selectors, Mongolian
 * selectors, shorthand and hieroglyph format controls, Hangul filler).
 */
const acted =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- finding these characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u{E0000}-\u{E007F}\u2800\u206A\uFE0F\u180B\u{1BCA0}\u{13430}\u3164]/u;

afterAll(async () => {
  await intake.close().catch(() => undefined);
});

describe("npm run leads", () => {
  it("lists every submission newest first, spam marked", async () => {
    const { code, stdout } = await leads("list");
    expect(code).toBe(0);
    expect(stdout).toContain("4 submission(s)");
    expect(stdout).toMatch(/Bot Co <ana@example\.com> \[SPAM\]/);
    expect(stdout).toContain(ids.lead);
  });

  it("shows one submission with its delivery state", async () => {
    const shown = await leads("show", ids.lead!);
    expect(shown.stdout).toContain("Ana Ruiz");
    expect(shown.stdout).toMatch(/delivery email\s+sent 20\d\d-/);
    expect((await leads("show", ids.spam!)).stdout).toMatch(/delivery\s+not sent anywhere \(spam/);
    expect((await leads("show", "no-such-id")).code).toBe(1);
  });

  it("exports CSV a spreadsheet cannot run as formulas, and JSON", async () => {
    const csv = (await leads("export", "--format", "csv")).stdout.trim().split("\n");
    expect(csv).toHaveLength(5);
    expect(csv.join("\n")).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const json = JSON.parse((await leads("export", "--format", "json", "--since", "2020-01-01")).stdout) as unknown[];
    expect(json).toHaveLength(4);
    expect(JSON.parse((await leads("export", "--format", "json", "--since", "2999-01-01")).stdout)).toEqual([]);
  });

  it("never lets a stored name, message or file name act on the terminal", async () => {
    for (const output of [
      (await leads("list")).stdout,
      (await leads("show", "hostile-1")).stdout,
      (await leads("export", "--format", "csv")).stdout,
    ]) {
      expect(output).not.toMatch(acted);
      expect(output).toContain("\\x1b[2J");
    }
    const listed = (await leads("list")).stdout.split("\n").find((line) => line.includes("hostile-1"));
    expect(listed).toContain("\\x0dLegit Client\\u{e0041}\\u2800\\u206a\\ufe0f\\u180b\\u{1bca0}\\u{13430}\\u3164");
  });

  it("purges what is older than asked, and only that", async () => {
    const store = await openStore(env.DATABASE_URL);
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await store.db
      .insertInto("submissions")
      .values(submissionRow("old-1", { created_at: old }))
      .execute();
    await store.db
      .insertInto("outbox")
      .values({
        submission_id: "old-1",
        destination: "email",
        created_at: old,
        failed_at: null,
        attempts: 1,
        next_attempt_at: old,
        lease_until: null,
        lease_owner: null,
        sent_at: old,
        last_error: null,
      })
      .execute();
    await store.close();
    expect((await leads("purge", "--older-than", "365")).stdout).toContain("Deleted 1 submission(s) older than 365");
    const after = await openStore(env.DATABASE_URL);
    const left = await after.db.selectFrom("submissions").select("id").execute();
    const outbox = await after.db.selectFrom("outbox").select("submission_id").execute();
    await after.close();
    expect(left.map((r) => r.id)).not.toContain("old-1");
    expect(left).toHaveLength(4);
    expect(outbox.map((r) => r.submission_id)).not.toContain("old-1");
  });

  it("explains bad usage", async () => {
    const bad = await leads("export", "--format", "xml");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--format must be csv or json");
    const unknown = await leads("list", "--colour", "red");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("--colour");
    expect((await leads("export", "--format")).stderr).toContain("--format");
    expect((await leads("review", "approve", "x")).code).toBe(2);
  });

  it("runs as the firm runs it: a separate process with its exit code", async () => {
    const smoke = await run(process.execPath, ["--import", "tsx", "server/leads-cli.ts", "list", "--limit", "1"], {
      env: { ...process.env, DATABASE_URL: env.DATABASE_URL },
    });
    expect(smoke.stdout).toContain("1 submission(s)");
    // A new Node process compiling the command with tsx: seconds alone, tens of seconds when loaded.
  }, 120_000);
});
