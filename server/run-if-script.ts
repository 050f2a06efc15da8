import { pathToFileURL } from "node:url";

/** Runs a command-line `main` when its module is the script node was started with. */
export function runIfScript(moduleUrl: string, run: (argv: string[]) => Promise<number>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  run(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error((error as Error).message);
      process.exitCode = 1;
    },
  );
}
