import { isUrgent, officeName, urgencyName } from "../../../core/form-fields";
import { englishName } from "../../../core/locales";
import { readStoredForm } from "../../../core/stored-form";
import { singleLine } from "../../../core/text";
import { kindLabel } from "./firm-text";
import { withReference } from "./mail";
import type { NewSubmission } from "../store";

/**
 * The alert an urgent lead (someone detained, or a court hearing within days) sends to ALERT_TO
 * the moment it is stored, at any hour, beside its ordinary delivery: who to call back and why,
 * never the message itself (that is in the lead's email and the CRM). Once per lead: its id.
 */
export function urgentNotice(
  submission: NewSubmission,
): { id: string; subject: string; lines: string[]; at: string } | undefined {
  const stored = readStoredForm(submission);
  if (stored.form !== "lead" || !stored.fields.urgency || !isUrgent(stored)) return undefined;
  const why = urgencyName[stored.fields.urgency];
  const name = singleLine(submission.name);
  return {
    id: `urgent-${submission.id}`,
    subject: withReference(`URGENT lead: ${why} — ${name}`, submission.reference),
    lines: [
      `${kindLabel[submission.kind]}, urgent: ${why}. Call back first.`,
      `Name: ${name}`,
      `Phone: ${singleLine(submission.phone)}`,
      `Language: ${englishName(submission.locale)}`,
      `Office: ${officeName(submission.office)}`,
      `Reference: ${submission.reference}`,
      `Lead id: ${submission.id}`,
      `Received: ${submission.created_at}`,
      "The whole request is in the leads email and every other destination.",
    ],
    at: submission.created_at,
  };
}
