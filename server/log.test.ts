import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "./log";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe("log lines", () => {
  it("go out in one write per turn of the event loop, each a line of JSON", async () => {
    vi.stubEnv("LOG_LEVEL", "info");
    const writes: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((text: string | Uint8Array) => {
      writes.push(String(text));
      return true;
    });
    for (let i = 0; i < 100; i++) log("access", { status: 503, n: i });
    expect(writes).toHaveLength(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    const lines = writes[0]!.trimEnd().split("\n");
    expect(lines).toHaveLength(100);
    expect(lines.map((line) => (JSON.parse(line) as { n: number }).n)).toEqual([...Array(100).keys()]);
  });

  it("are all written when the process ends, by a crash too", () => {
    const script = `import { log } from ${JSON.stringify(new URL("./log.ts", import.meta.url).pathname)};
log("first"); setTimeout(() => { log("last"); throw new Error("boom"); }, 5);`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
      env: { ...process.env, LOG_LEVEL: "info" },
    });
    expect(run.status).toBe(1);
    expect(
      run.stdout
        .trim()
        .split("\n")
        .map((line) => (JSON.parse(line) as { event: string }).event),
    ).toEqual(["first", "last"]);
  });
});
