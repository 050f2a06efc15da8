import { join } from "node:path";
import { writeContentModule } from "./content-routes";

/** Vitest global setup: the route map's content pages, scanned before any test imports core/routes. */
export default function setup(): void {
  const problems = writeContentModule(join(process.cwd(), "content"));
  if (problems.length) throw new Error(`content/ has problems:\n${problems.join("\n")}`);
}
