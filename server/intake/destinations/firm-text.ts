import { firmRows, type FirmRow, type FirstRow } from "../../../core/form-fields";
import { singleLine, visibleControls } from "../../../core/text";
import type { StoredSubmission } from "../store";

export const kindLabel = {
  consultation: "Consultation request",
  information: "Information request",
  application: "Job application",
} as const;

/**
 * What the firm reads of one submission, wherever it reads it (the email, the CRM's message): what
 * must be read first, the kind and reference, every field its form declares for the firm
 * (core/form-fields.ts), the flags, `extra` rows of the destination's own, and the free text last.
 */
export function firmSummary(
  submission: StoredSubmission,
  extra: readonly FirmRow[] = [],
): { first: FirstRow[]; rows: FirmRow[] } {
  const { first, fields, freeText } = firmRows(submission.details);
  return {
    first,
    rows: [
      ...first.map(({ row }) => row),
      ["Kind", kindLabel[submission.kind]],
      ["Reference", submission.reference],
      ["Lead id", submission.id],
      ["Received", submission.created_at],
      ...fields,
      ...(submission.flags ? [["Flags", submission.flags] satisfies FirmRow] : []),
      ...extra,
      freeText,
    ],
  };
}

/**
 * The rows as plain text, one "Label: value" line each. Every value but the last is made one line:
 * a line break typed into a name, phone or safe-contact line cannot add a forged "Consent:",
 * "Flags:" or "SAFE CONTACT:" line. The last (the free text) keeps its lines, each after the first
 * indented, so a line the visitor typed can never pass for one of the firm's labels.
 */
export function firmText(rows: readonly FirmRow[]): string {
  const last = rows.length - 1;
  return rows
    .map(([label, value], index) =>
      index === last
        ? `${label}: ${visibleControls(value.replace(/\r\n?/g, "\n"), true).replace(/\n/g, "\n  ")}`
        : `${label}: ${singleLine(value)}`,
    )
    .join("\n");
}
