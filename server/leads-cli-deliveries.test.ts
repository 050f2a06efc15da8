import { afterAll, describe, expect, it } from "vitest";
import { testEnv, validLead, waitFor } from "../tests/support/intake";
import { startReceiver } from "../tests/support/receiver";
import { createIntake } from "./intake/index";
import { main } from "./leads-cli";

const secret = `whsec_${Buffer.alloc(32, 3).toString("base64")}`;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("deliveries from the command line", () => {
  it("lists a refused delivery with its reason, and redeliver sends it again with the same webhook-id", async () => {
    let status = 401;
    const hook = await startReceiver(() => status);
    cleanups.push(hook.close);
    const vars = { DESTINATION_CRM_KIND: "webhook", DESTINATION_CRM_URL: hook.url, DESTINATION_CRM_SECRET: secret };
    const env = testEnv(vars);
    const intake = await createIntake(env, { pollMs: 30 });
    cleanups.push(() => intake.close());
    const response = await intake.app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validLead),
    });
    const { id } = (await response.json()) as { id: string };
    await waitFor(async () =>
      (await intake.store.db.selectFrom("outbox").select("failed_at").where("destination", "=", "crm").execute()).some(
        (r) => r.failed_at,
      ),
    );
    // In this process, as leads-cli.test.ts runs it (which also runs it once as its own process).
    const leads = async (...args: string[]) => {
      let stdout = "";
      const io = { env: { DATABASE_URL: env.DATABASE_URL, ...vars }, out: (text: string) => void (stdout += text) };
      expect(await main(args, { ...io, err: (text) => expect.fail(text) })).toBe(0);
      return stdout;
    };
    const failed = (await leads("deliveries", "--failed")).split("\n");
    expect(failed.find((line) => line.includes(id) && line.includes("crm"))).toMatch(/FAILED .* HTTP 401/);
    expect(failed.some((line) => line.includes(id) && line.includes("email"))).toBe(false);
    status = 204;
    expect(await leads("redeliver", id, "--to", "crm")).toContain(`Queued ${id} for crm`);
    await waitFor(() => hook.received.length === 2);
    expect(hook.received.map((r) => r.headers["webhook-id"])).toEqual([`lead_${id}_crm`, `lead_${id}_crm`]);
    await waitFor(async () => (await leads("deliveries")).includes("sent"));
    expect((await leads("deliveries", "--failed")).trim()).toBe("0 deliveries");
  }, 30_000);
});
