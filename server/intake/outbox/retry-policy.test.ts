import { describe, expect, it } from "vitest";
import { DeliveryError } from "../destinations/deliverer";
import { judge, redactedReason, retryDelayMs } from "./retry-policy";

const now = new Date("2026-03-02T15:00:00.000Z");
const rules = { maxAttempts: 5, random: () => 1 };
const later = (ms: number) => new Date(now.getTime() + ms);

/** What nodemailer throws when a mail server refuses DATA: its reply, echoing the subject. */
function smtpRefusal(response: string) {
  return Object.assign(new Error(`Message failed: ${response}`), {
    code: "EMESSAGE",
    command: "DATA",
    responseCode: Number(response.slice(0, 3)),
    response,
  });
}

describe("the retry policy", () => {
  it("counts an accepted attempt as sent", () => {
    expect(judge({ attempts: 2 }, undefined, now, rules)).toEqual({ outcome: "sent", attempts: 3 });
  });

  it("retries a temporary failure after a backoff that doubles from 5 s", () => {
    expect(judge({ attempts: 0 }, new Error("boom"), now, rules)).toMatchObject({
      outcome: "retry",
      attempts: 1,
      at: later(5_000),
    });
    expect(judge({ attempts: 2 }, new Error("boom"), now, rules)).toMatchObject({ attempts: 3, at: later(20_000) });
  });

  it("waits what the receiver asked for (Retry-After) instead of the backoff", () => {
    const error = new DeliveryError("HTTP 429 Too Many Requests", false, 90_000);
    expect(judge({ attempts: 0 }, error, now, rules)).toMatchObject({ outcome: "retry", at: later(90_000) });
  });

  it("gives up at once on a refusal that sending again cannot change", () => {
    const error = new DeliveryError("HTTP 401 Unauthorized", true);
    expect(judge({ attempts: 0 }, error, now, rules)).toEqual({
      outcome: "dead",
      attempts: 1,
      reason: "HTTP 401 Unauthorized",
      permanent: true,
    });
  });

  it("gives up after the last allowed attempt", () => {
    expect(judge({ attempts: 3 }, new Error("boom"), now, rules)).toMatchObject({ outcome: "retry" });
    expect(judge({ attempts: 4 }, new Error("boom"), now, rules)).toMatchObject({
      outcome: "dead",
      attempts: 5,
      permanent: false,
    });
  });

  it("spreads retries between half and all of the backoff, capped at an hour", () => {
    expect(retryDelayMs(1, () => 0)).toBe(2_500);
    expect(retryDelayMs(1, () => 1)).toBe(5_000);
    expect(retryDelayMs(30, () => 1)).toBe(3_600_000);
  });
});

describe("the reason a failure is kept with", () => {
  const subject = "New consultation request: Maria Lopez <maria@example.com> (281) 555-0142";

  it("keeps an SMTP reply's codes and command but never its text, which can quote the subject", () => {
    const reason = redactedReason(smtpRefusal(`550 5.7.1 Message rejected: "${subject}" looks like spam`));
    expect(reason).toBe("SMTP 550 5.7.1 after DATA (reply text withheld)");
    for (const personal of ["Maria", "maria@example.com", "555-0142", "consultation"])
      expect(reason).not.toContain(personal);
    const verdict = judge({ attempts: 0 }, smtpRefusal(`451 Try again: ${subject}`), now, rules);
    expect(verdict).toMatchObject({ outcome: "retry", reason: "SMTP 451 after DATA (reply text withheld)" });
  });

  it("withholds the message of an error it cannot vouch for", () => {
    expect(redactedReason(new TypeError(`cannot send ${subject}`))).toBe("TypeError (message withheld)");
    expect(redactedReason(Object.assign(new Error(`rejected ${subject}`), { code: "EENVELOPE" }))).toBe("EENVELOPE");
    expect(redactedReason(`a string with ${subject}`)).toBe("failed");
  });

  it("keeps what the outbox wrote itself, and a socket's error as the system gave it", () => {
    expect(redactedReason(new DeliveryError("network error ECONNRESET"))).toBe("network error ECONNRESET");
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:2525"), {
      code: "ESOCKET",
      syscall: "connect",
    });
    expect(redactedReason(refused)).toBe("connect ECONNREFUSED 127.0.0.1:2525");
  });
});
