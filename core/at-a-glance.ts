import { atAGlanceSchema, type AtAGlance, type GlanceTopic } from "./content-schema";
import { feeReferences } from "./fees";

/**
 * The answer first: every practice page opens with a short summary (who it is for, the government
 * fees, the typical time, the risks for someone in a hurry, the next step), each item linking to
 * the section below that says more. On a slow phone the answers visitors came for sat five to
 * seven screens down; the summary puts them on the first screen (decision 0038).
 */
export const glanceTopics: readonly GlanceTopic[] = ["who", "fees", "time", "risks", "next"];

/**
 * Practice pages that may still be published without a summary, named by file. Reviewed: each is
 * a page whose summary was not yet written; remove a line when its summary is added (the check
 * fails on an exemption that is no longer needed, so this list only shrinks).
 */
export const glanceExemptions: readonly string[] = [];

/**
 * What is wrong with one practice page's summary, as lines naming the page: missing, malformed,
 * linking to a heading the page does not have, or showing fees without a reference to the fee table.
 * `raw` is the front matter's `atAGlance` as written (fee references not yet expanded).
 */
export function checkAtAGlance(
  where: string,
  raw: unknown,
  headingIds: ReadonlySet<string>,
  exemptions: readonly string[] = glanceExemptions,
): string[] {
  const exempt = exemptions.includes(where);
  if (raw === undefined || raw === null)
    return exempt ? [] : [`${where}: no summary at the top (add atAGlance: who, fees, time, risks, next)`];
  if (exempt) return [`${where}: has a summary, so remove it from glanceExemptions in core/at-a-glance.ts`];
  const parsed = atAGlanceSchema.safeParse(raw);
  if (!parsed.success)
    return parsed.error.issues.map((issue) => `${where}: atAGlance.${issue.path.join(".")}: ${issue.message}`);
  const glance: AtAGlance = parsed.data;
  const problems: string[] = [];
  for (const topic of glanceTopics) {
    const { section } = glance[topic];
    if (!headingIds.has(section))
      problems.push(`${where}: atAGlance.${topic} links to #${section}, which is not a heading on the page`);
  }
  if (feeReferences(glance.fees.text).length === 0)
    problems.push(`${where}: atAGlance.fees shows no fee from the fee table (use ::fee{id="..."})`);
  return problems;
}
