import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createIntake } from "./index";
import { startSmtp, tempDir, testEnv, validLead, waitFor } from "./test-helpers";

const leadIds = (raw: string[]) => raw.map((m) => /X-Lead-ID: (\S+)/i.exec(m)?.[1]).filter(Boolean);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("delivery to the firm's inbox", () => {
  it("delivers every field, escaped, with reply-to the visitor and a subject naming kind and office", async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const intake = await createIntake(testEnv({ SMTP_URL: smtp.url }), { pollMs: 50 });
    cleanups.push(() => intake.close());
    const response = await intake.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        ...validLead,
        name: "Ana\r\nBcc: victim@example.com",
        message: "Hello <script>alert(1)</script> & thanks for your help",
      }),
    });
    expect(response.status).toBe(201);
    await waitFor(() => smtp.received.length === 1);
    const raw = smtp.received[0]!.raw;
    expect(raw).toMatch(/^Reply-To: .*ana@example\.com/m);
    const headers = raw.split(/\r?\n\r?\n/)[0]!;
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(raw).toMatch(/Subject: .*Consultation/);
    expect(raw).toContain("&lt;script&gt;");
    for (const value of ["(281) 555-0142", "ana@example.com", "Katy office", "/contact"]) expect(raw).toContain(value);
  });

  it("keeps a lead while mail is down and delivers it exactly once when mail is back", async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    smtp.state.refuse = true;
    let clock = Date.now();
    const intake = await createIntake(testEnv({ SMTP_URL: smtp.url }), { pollMs: 30, now: () => new Date(clock) });
    cleanups.push(() => intake.close());
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await intake.app.request("/api/leads", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(validLead),
      });
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { id: string }).id);
    }
    await waitFor(async () => {
      const row = await intake.store.db
        .selectFrom("outbox")
        .select("attempts")
        .where("submission_id", "=", ids[0]!)
        .executeTakeFirstOrThrow();
      return row.attempts >= 1;
    });
    expect(smtp.received).toHaveLength(0);
    smtp.state.refuse = false;
    clock += 60 * 60 * 1000;
    await waitFor(() => smtp.received.length >= 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(leadIds(smtp.received.map((m) => m.raw)).sort()).toEqual([...ids].sort());
  });

  it("delivers a lead accepted just before the server was killed, after a restart", async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    smtp.state.refuse = true;
    const dir = tempDir();
    const env = {
      ...process.env,
      DATABASE_URL: `file:${join(dir, "leads.db")}`,
      SMTP_URL: smtp.url,
      PORT: "0",
      LOG_LEVEL: "",
      OUTBOX_LEASE_MS: "1500",
    };
    const start = () => {
      const child = spawn(process.execPath, ["--import", "tsx", join(__dirname, "fixtures/serve-intake.ts")], {
        env,
        stdio: ["ignore", "pipe", "inherit"],
      });
      cleanups.push(() => void child.kill("SIGKILL"));
      return new Promise<{ child: ChildProcess; port: number }>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          if (process.env.DEBUG_RESTART) process.stderr.write(chunk);
          const match = /"event":"listening","port":(\d+)/.exec(out);
          if (match) resolve({ child, port: Number(match[1]) });
        });
        child.on("exit", (code) => reject(new Error(`server exited ${code}`)));
      });
    };
    const first = await start();
    const response = await fetch(`http://127.0.0.1:${first.port}/api/leads`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validLead),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    first.child.kill("SIGKILL");
    smtp.state.refuse = false;
    await start();
    await waitFor(() => smtp.received.length === 1, 30_000);
    expect(leadIds(smtp.received.map((m) => m.raw))).toEqual([id]);
  }, 60_000);
});
