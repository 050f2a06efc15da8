import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiPaths } from "../core/site-paths";
import { careersForm } from "../server/intake/forms/careers";
import { leadForm } from "../server/intake/forms/leads";
import { createRateLimiter } from "../server/intake/rate-limit";

const server = readFileSync("deploy/nginx/lfh-server.conf", "utf8");

/** The body bound nginx applies to a location, in bytes. */
function nginxBodyBound(location: string): number {
  const block = new RegExp(`location ${location.replace(/[/^]/g, "\\$&")} \\{([^}]*)\\}`).exec(server)?.[1] ?? "";
  const [, size, unit] = /client_max_body_size (\d+)([km]?);/.exec(block) ?? [];
  return Number(size) * ({ k: 1024, m: 1024 * 1024 }[unit as "k" | "m"] ?? 1);
}

describe("deploy/nginx", () => {
  it("takes every body the app takes, and turns away larger ones before Node sees them", () => {
    const limiter = createRateLimiter(10);
    const largest = (form: { bodyLimits: Partial<Record<string, number>> }) =>
      Math.max(...Object.values(form.bodyLimits).map(Number));
    const careers = largest(careersForm({ limiter }));
    const leads = largest(leadForm(limiter));
    expect(nginxBodyBound(`= ${apiPaths.careers}`)).toBeGreaterThanOrEqual(careers);
    expect(nginxBodyBound(`= ${apiPaths.careers}`)).toBeLessThan(careers + 1024 * 1024);
    expect(nginxBodyBound("^~ /api/")).toBe(leads);
  });
});
