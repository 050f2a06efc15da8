import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIntake, type Intake } from "./intake/index";
import { testEnv, validLead } from "../tests/support/intake";

const run = promisify(execFile);
const env = testEnv();
let intake: Intake;
const ids: Record<string, string> = {};

/** The firm's command-line view of the store, run as the firm runs it (a separate process). */
async function leads(...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "server/leads-cli.ts", ...args], {
      env: { ...process.env, DATABASE_URL: env.DATABASE_URL },
    });
    return { code: 0, stdout, stderr: "" };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function post(body: Record<string, unknown>): Promise<string> {
  const response = await intake.app.request("/api/leads", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { id: string }).id;
}

beforeAll(async () => {
  intake = await createIntake(env);
  ids.lead = await post(validLead);
  ids.formula = await post({ ...validLead, name: '=HYPERLINK("http://evil.example")' });
  ids.spam = await post({ ...validLead, name: "Bot Co", company: "Acme SEO" });
  await intake.close();
}, 30_000);

afterAll(async () => {
  await intake.close().catch(() => undefined);
});

describe("npm run leads", () => {
  it("lists every submission newest first, spam marked", async () => {
    const { code, stdout } = await leads("list");
    expect(code).toBe(0);
    expect(stdout).toContain("3 submission(s)");
    expect(stdout).toMatch(/Bot Co <ana@example\.com> \[SPAM\]/);
    expect(stdout).toContain(ids.lead);
  });

  it("shows one submission with its delivery state", async () => {
    const shown = await leads("show", ids.lead!);
    expect(shown.stdout).toContain("Ana Ruiz");
    expect(shown.stdout).toMatch(/delivery\s+sent 20\d\d-/);
    expect((await leads("show", ids.spam!)).stdout).toMatch(/delivery\s+not emailed \(spam\)/);
    expect((await leads("show", "no-such-id")).code).toBe(1);
  });

  it("exports CSV a spreadsheet cannot run as formulas, and JSON", async () => {
    const csv = (await leads("export", "--format", "csv")).stdout.trim().split("\n");
    expect(csv).toHaveLength(4);
    expect(csv.join("\n")).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const json = JSON.parse((await leads("export", "--format", "json", "--since", "2020-01-01")).stdout) as unknown[];
    expect(json).toHaveLength(3);
    expect(JSON.parse((await leads("export", "--format", "json", "--since", "2999-01-01")).stdout)).toEqual([]);
  });

  it("purges only what is older than asked, and explains bad usage", async () => {
    expect((await leads("purge", "--older-than", "30")).stdout).toContain("Deleted 0 submission(s)");
    const bad = await leads("export", "--format", "xml");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--format must be csv or json");
  });
});
