import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const logModule = join(dirname(fileURLToPath(import.meta.url)), "log.ts");

/** Runs `script` in a fresh Node process with the server's handlers installed; its exit code and log lines. */
function runWithHandlers(script: string) {
  const result = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `const { exitOnUnhandledErrors, inRequest } = await import(${JSON.stringify(logModule)});
       exitOnUnhandledErrors();
       ${script}
       setTimeout(() => console.log("still running"), 500);`,
    ],
    { encoding: "utf8", env: { ...process.env, LOG_LEVEL: "" } },
  );
  const lines = result.stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, string>);
  return { code: result.status, lines, stdout: result.stdout };
}

describe("an error nothing handled", () => {
  it("a rejected promise inside a request: one log line with the request's id, then exit 1", () => {
    const run = runWithHandlers(`inRequest("req-4711", () => { Promise.reject(new Error("boom")); });`);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain("still running");
    expect(run.lines).toEqual([
      expect.objectContaining({ event: "process.unhandled_rejection", request: "req-4711", message: "boom" }),
    ]);
  });

  it("an exception thrown from a timer: logged, then exit 1", () => {
    const run = runWithHandlers(`setTimeout(() => { throw new TypeError("bad"); }, 10);`);
    expect(run.code).toBe(1);
    expect(run.lines).toEqual([
      expect.objectContaining({ event: "process.uncaught_exception", name: "TypeError", message: "bad" }),
    ]);
  });
});
