import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { captchaPlaceholder } from "../../core/form-options";
import { newReference } from "../../core/reference";
import { loadEnv, type Env } from "../../server/env";
import type { NewSubmission } from "../../server/intake/store";
import { pdfBytes } from "./files";

export { startSmtp, type ReceivedMessage, type TestSmtp } from "./smtp";

export function tempDir(prefix = "lfh-intake-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * A server's environment in a fresh folder. The daily purge is off unless a test turns it on: it
 * runs a second after start, and would delete the back-dated leads a test stores on purpose. So is
 * turning uploads away under a flood of posts: a test that sends many requests at once sets the
 * bound itself (server/intake/shed-load.test.ts).
 */
export function testEnv(overrides: Record<string, string> = {}): Env {
  const dir = tempDir();
  return loadEnv({
    DATABASE_URL: `file:${join(dir, "leads.db")}`,
    MAIL_DIR: join(dir, "mail"),
    RATE_LIMIT_PER_MINUTE: "1000",
    PURGE_AFTER_DAYS: "off",
    UPLOAD_SHED_LOAD: "off",
    ...overrides,
  });
}

/** A job application's text fields as a form posts them (consent as the checkbox sends it). */
export const validApplication = {
  fullName: "Luis Vega",
  email: "luis@example.com",
  phone: "2815550100",
  location: "houston",
  coverLetter: "I have five years of experience as a bilingual legal assistant in Houston.",
  consent: "true",
};

/** A multipart job application: `validApplication` with `fields` over it, and the resume if given. */
export function applicationForm(resume?: File, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...validApplication, ...fields })) form.set(name, value);
  if (resume) form.set("resume", resume);
  return form;
}

/** An application whose name, cover letter and resume all carry `marker`, to search the disk for. */
export function markedApplication(marker: string): FormData {
  return applicationForm(new File([Buffer.concat([pdfBytes(), Buffer.from(`% ${marker}`)])], "cv.pdf"), {
    fullName: `Old Applicant ${marker}`,
    email: "old@example.com",
    coverLetter: `Cover letter ${marker} with enough words to pass the minimum length check.`,
  });
}

export const validLead = {
  name: "Ana Ruiz",
  email: "ana@example.com",
  phone: "(281) 555-0142",
  office: "katy",
  message: "My husband is a US citizen and we want to apply for my green card.",
  consent: true,
  company: "",
  recaptchaToken: captchaPlaceholder.unavailable,
  locale: "en",
  source: "consultation-lead",
  page: "/contact",
};

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("Timed out waiting");
}

/**
 * The intake server in a child process (tests/support/serve-intake.ts) with `env` over this
 * process's: its port once it listens, and a way to stop it. Load shedding is off unless `env`
 * turns it on, as in `testEnv`: beside other test files on two cores the loop is always "loaded".
 */
export function serveIntakeProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number; stop: () => void }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(dirname(fileURLToPath(import.meta.url)), "serve-intake.ts")],
    {
      env: { ...process.env, PORT: "0", LOG_LEVEL: "", UPLOAD_SHED_LOAD: "off", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const stop = () => void child.kill("SIGKILL");
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /"event":"listening","port":(\d+)/.exec(out);
      if (match) resolve({ child, port: Number(match[1]), stop });
    });
    child.on("exit", (code) => reject(new Error(`intake server exited ${code}`)));
  });
}

/** A stored lead row as the store takes it (an older server, or another writer, may have written it). */
export function submissionRow(id: string, fields: Partial<NewSubmission> = {}): NewSubmission {
  return {
    id,
    reference: newReference(),
    kind: "consultation",
    status: "accepted",
    flags: "",
    captcha_score: null,
    created_at: new Date().toISOString(),
    locale: "en",
    name: "Ana Ruiz",
    email: "ana@example.com",
    phone: "(281) 555-0142",
    office: "katy",
    topic: "",
    message: "Hello",
    page: "/contact",
    details: "{}",
    resume_name: null,
    resume_type: null,
    resume: null,
    resume_file: null,
    resume_size: null,
    ...fields,
  };
}
