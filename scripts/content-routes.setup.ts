import { join } from "node:path";
import { writeFirmModule } from "./firm-data";

/**
 * Vitest global setup: the firm's settings and the route map's content pages, generated before any
 * test imports core/. The route scan is imported after the settings are written: it reads them.
 */
export default async function setup(): Promise<void> {
  const content = join(process.cwd(), "content");
  const problems = writeFirmModule(content);
  if (problems.length) throw new Error(`content/settings/ has problems:\n${problems.join("\n")}`);
  const { writeContentModule } = await import("./content-routes");
  const routeProblems = writeContentModule(content);
  if (routeProblems.length) throw new Error(`content/ has problems:\n${routeProblems.join("\n")}`);
}
