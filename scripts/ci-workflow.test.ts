import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// The hosted workflow cannot run here: what can be checked without GitHub is checked on every run.
interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  steps: Step[];
  strategy?: { matrix?: Record<string, unknown[]> };
}
const workflow = parse(readFileSync(".github/workflows/ci.yml", "utf8")) as { jobs: Record<string, Job> };
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
  scripts: Record<string, string>;
  engines: { node: string };
};
const runs = Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => step.run ?? []));

describe("hosted CI workflow (.github/workflows/ci.yml)", () => {
  it("calls only npm scripts and files that exist", () => {
    const scripts = runs.flatMap((run) => [...run.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!));
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((name) => !(name in pkg.scripts))).toEqual([]);
    const files = runs.flatMap((run) => [...run.matchAll(/(?:^|\s)((?:scripts|\.ci)\/[\w./-]+)/g)].map((m) => m[1]!));
    expect(files.filter((file) => !existsSync(file))).toEqual([]);
  });

  it("runs every browser test: one shard per matrix entry, and the generated routes the specs import", () => {
    const browser = workflow.jobs.browser!;
    const shards = browser.strategy?.matrix?.shard ?? [];
    const command = browser.steps.find((step) => step.run?.includes("playwright test"))?.run ?? "";
    expect(command).toContain(`--shard=\${{ matrix.shard }}/${shards.length}`);
    expect(shards).toEqual(shards.map((_, i) => i + 1));
    const steps = browser.steps.map((step) => step.run ?? "");
    expect(steps.findIndex((run) => run.includes("npm run routes"))).toBeGreaterThan(-1);
    expect(steps.findIndex((run) => run.includes("npm run routes"))).toBeLessThan(steps.indexOf(command));
  });

  it("tests on the Node major the project supports, not the newest Node", () => {
    const floor = /^>=(\d+)\./.exec(pkg.engines.node)?.[1];
    const versions = Object.values(workflow.jobs).flatMap((job) =>
      job.steps
        .filter((step) => step.uses?.startsWith("actions/setup-node"))
        .map((step) => step.with?.["node-version"]),
    );
    expect(versions.length).toBe(Object.keys(workflow.jobs).length);
    expect(new Set(versions)).toEqual(new Set([floor]));
  });
});
