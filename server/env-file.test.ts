import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { startReceiver } from "../tests/support/receiver";
import { startSmtp, tempDir, validLead, waitFor } from "../tests/support/intake";
import { applyEnvFile, loadConfiguredEnv, withEnvFile } from "./env-file";
import { createIntake } from "./intake/index";

const run = promisify(execFile);
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("one settings file", () => {
  it("is .env in the folder a command runs from, or ENV_FILE; the environment's own variables win", () => {
    const dir = tempDir("lfh-env-");
    writeFileSync(
      join(dir, ".env"),
      [
        "# the firm's settings",
        "LEADS_EMAIL_TO=intake@firm.example",
        'MAIL_FROM="LFH Immigration Law <no-reply@firm.example>"',
        "RATE_LIMIT_PER_MINUTE=7",
        "export PORT=3100",
        "",
      ].join("\n"),
    );
    const env = loadConfiguredEnv({ RATE_LIMIT_PER_MINUTE: "12" }, dir);
    expect(env.LEADS_EMAIL_TO).toBe("intake@firm.example");
    expect(env.MAIL_FROM).toBe("LFH Immigration Law <no-reply@firm.example>");
    expect(env.RATE_LIMIT_PER_MINUTE).toBe(12);
    expect(env.ENV_FILE).toBe(join(dir, ".env"));

    const other = join(tempDir("lfh-env-"), "lfh.env");
    writeFileSync(other, "LEADS_EMAIL_TO=other@firm.example\n");
    expect(loadConfiguredEnv({ ENV_FILE: other }, dir).LEADS_EMAIL_TO).toBe("other@firm.example");
    // No .env is no file; an ENV_FILE that is not there stops the command instead of using defaults.
    expect(withEnvFile({ PORT: "1" }, tempDir("lfh-env-"))).toEqual({ PORT: "1" });
    expect(() => withEnvFile({ ENV_FILE: join(dir, "missing.env") }, dir)).toThrow(/^ENV_FILE: cannot read .*ENOENT/);

    const target: NodeJS.ProcessEnv = { LEADS_EMAIL_TO: "set@firm.example" };
    applyEnvFile(target, dir);
    expect(target).toMatchObject({ LEADS_EMAIL_TO: "set@firm.example", RATE_LIMIT_PER_MINUTE: "7", PORT: "3100" });
  });

  it("lets the redeliver command an alert prints run from a plain shell with only the file", async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    let clioUp = false;
    const clio = await startReceiver(() => (clioUp ? 201 : 422));
    cleanups.push(clio.close);
    const dir = tempDir("lfh-env-");
    const file = join(dir, "lfh settings.env");
    writeFileSync(
      file,
      [
        `DATABASE_URL=file:${join(dir, "leads.db")}`,
        `MAIL_DIR=${join(dir, "mail")}`,
        `SMTP_URL=${smtp.url}`,
        "ALERT_TO=ops@firm.example",
        "PURGE_AFTER_DAYS=off",
        "UPLOAD_SHED_LOAD=off",
        "DESTINATION_CLIO_KIND=clio-grow",
        "DESTINATION_CLIO_TOKEN=grow-token-123",
        `DESTINATION_CLIO_URL=${clio.url}`,
      ].join("\n"),
    );
    const intake = await createIntake(loadConfiguredEnv({ ENV_FILE: file }), { pollMs: 30 });
    cleanups.push(() => intake.close());
    const response = await intake.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validLead),
    });
    expect(response.status).toBe(201);
    // Clio refuses it (422): dead-lettered at once, and the alert names the command to send it again.
    const alert = () => smtp.received.find((message) => /^To: ops@firm\.example\r?$/m.test(message.raw));
    await waitFor(() => alert() !== undefined);
    const text = alert()!
      .raw.replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const command = /Send it again once the cause is fixed: (.*redeliver .* --to clio)\r?$/m.exec(text)?.[1];
    expect(command).toMatch(/^ENV_FILE='.*lfh settings\.env' npm run leads -- redeliver [0-9a-f-]{36} --to clio$/);

    clioUp = true;
    // A plain shell: no DATABASE_URL, no destinations, only what any login has.
    const shell = await run("sh", ["-c", command!], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      timeout: 60_000,
    });
    expect(shell.stdout).toMatch(/Queued [0-9a-f-]{36} for clio/);
    await waitFor(() => clio.received.length === 2);
  }, 90_000);
});
