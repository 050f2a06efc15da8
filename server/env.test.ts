import { afterEach, describe, expect, it } from "vitest";
import { testEnv } from "../tests/support/intake";
import { loadEnv } from "./env";
import { createIntake, type Intake } from "./intake";

const intakes: Intake[] = [];
afterEach(async () => {
  for (const intake of intakes.splice(0)) await intake.close();
});

describe("settings that would send something in clear", () => {
  it("refuses an http captcha verifier off this machine, and takes one on loopback", () => {
    // Over http, the secret travels in clear and anyone on the path can answer "success".
    expect(() => loadEnv({ RECAPTCHA_VERIFY_URL: "http://captcha.example.net/siteverify" })).toThrow(
      /RECAPTCHA_VERIFY_URL: must be an https:\/\/ URL/,
    );
    expect(() => loadEnv({ RECAPTCHA_VERIFY_URL: "http://10.0.0.5/siteverify" })).toThrow(/RECAPTCHA_VERIFY_URL/);
    expect(loadEnv({ RECAPTCHA_VERIFY_URL: "http://127.0.0.1:9000/siteverify" }).RECAPTCHA_VERIFY_URL).toBe(
      "http://127.0.0.1:9000/siteverify",
    );
    expect(loadEnv({}).warnings).toEqual([]);
  });

  it("warns of SMTP told not to insist on TLS to another host, and not of a relay on this machine", () => {
    const [warning, ...others] = loadEnv({ SMTP_URL: "smtp://mail.example.net:587?requireTLS=false" }).warnings;
    expect(warning?.setting).toBe("SMTP_URL");
    expect(warning?.message).toContain("mail.example.net");
    expect(others).toEqual([]);
    expect(loadEnv({ SMTP_URL: "smtp://127.0.0.1:2525?requireTLS=false" }).warnings).toEqual([]);
    expect(loadEnv({ SMTP_URL: "smtp://mail.example.net:587" }).warnings).toEqual([]);
  });

  it("warns of an http INTAKE_URL at start and in /readyz, which stays ready", async () => {
    const env = testEnv({ INTAKE_URL: "http://intake.example.net" });
    expect(env.warnings.map((w) => w.setting)).toEqual(["INTAKE_URL"]);
    expect(env.warnings[0]?.message).toContain("http://intake.example.net");
    const intake = await createIntake(env);
    intakes.push(intake);
    const ready = await intake.app.request("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      ok: true,
      warnings: [expect.objectContaining({ setting: "INTAKE_URL" })],
    });
    const quiet = await createIntake(testEnv({ INTAKE_URL: "https://intake.example.net" }));
    intakes.push(quiet);
    expect(await (await quiet.app.request("/readyz")).json()).not.toHaveProperty("warnings");
  });
});
