import { createHmac, timingSafeEqual } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { isOfficeChoice, officeByChoice } from "../../../core/firm";
import { firmRows, isUrgent } from "../../../core/form-fields";
import { apiPaths } from "../../../core/site-paths";
import { postJson, type Deliverer } from "./deliverer";
import type { StoredSubmission } from "../store";

/** Bumped when a field changes meaning or goes away; new fields may appear without a bump. */
export const eventVersion = 1;

/** The same for every attempt at one lead and destination, so a receiver can drop a copy. */
export function webhookId(submissionId: string, destination: string): string {
  return `lead_${submissionId}_${destination}`;
}

function linkSignature(key: Buffer, submissionId: string, destination: string, expires: number): string {
  return createHmac("sha256", key).update(`resume:${submissionId}:${destination}:${expires}`).digest("base64url");
}

/**
 * A link to one lead's resume for one webhook destination, valid until `expires` (seconds since
 * the epoch), signed with the server's own link key (never a destination's secret, which the
 * firm pastes into a receiver's code steps and which would let whoever holds it mint links).
 */
export function resumeLink(
  baseUrl: string,
  submissionId: string,
  destination: string,
  key: Buffer,
  expires: number,
): string {
  const url = new URL(`${apiPaths.resumes}/${encodeURIComponent(submissionId)}`, baseUrl);
  url.searchParams.set("destination", destination);
  url.searchParams.set("expires", String(expires));
  url.searchParams.set("signature", linkSignature(key, submissionId, destination, expires));
  return url.toString();
}

export interface ResumeLinkCheck {
  key: Buffer;
  /** Whether a name is one of today's webhook destinations: removing one revokes its links. */
  isDestination: (name: string) => boolean;
  /** The longest a link may be valid from now (RESUME_LINK_HOURS): a later expiry is refused. */
  maxHours: number;
}

/** Whether a resume link's signature is right, it has not expired and expires no later than allowed. */
export function checkResumeLink(
  submissionId: string,
  query: { destination?: string; expires?: string; signature?: string },
  check: ResumeLinkCheck,
  now: Date,
): boolean {
  const expires = Number(query.expires);
  if (!query.destination || !check.isDestination(query.destination)) return false;
  if (!query.signature || !Number.isSafeInteger(expires)) return false;
  if (expires * 1000 < now.getTime() || expires * 1000 > now.getTime() + check.maxHours * 3_600_000) return false;
  const expected = Buffer.from(linkSignature(check.key, submissionId, query.destination, expires));
  const given = Buffer.from(query.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function officeOf(office: string) {
  return isOfficeChoice(office) ? { id: office, city: officeByChoice(office).city } : null;
}

const isSpam = (submission: StoredSubmission) => submission.status === "spam" || submission.status === "suspected-spam";

/**
 * The event a webhook receives: the Standard Webhooks shape (`type`, `timestamp`, `data`) with a
 * version. `data` opens with what must be read before anyone calls (`readFirst`: someone detained
 * or a hearing within days, a survivor's safe way to reach her) and whether the lead is `urgent`, then the common fields, then every field of the form (`data.fields`, as the
 * form names them, `null` when not given: the service's own captcha token and bot trap are never
 * kept), and for an application with a resume a time-limited link instead of the bytes.
 */
export function leadEvent(submission: StoredSubmission, resume: { url: string; expiresAt: string } | null, now: Date) {
  return {
    type: submission.kind === "application" ? "application.created" : "lead.created",
    version: eventVersion,
    timestamp: now.toISOString(),
    data: {
      readFirst: firmRows(submission.details).first.map(({ field, row: [label, value] }) => ({ field, label, value })),
      /** Someone detained or a hearing within days: call back first. */
      urgent: isUrgent(submission.details),
      id: submission.id,
      /** What the visitor was shown and may read out on the phone (`LFH-7K3Q-9X`). */
      reference: submission.reference,
      kind: submission.kind,
      receivedAt: submission.created_at,
      locale: submission.locale,
      page: submission.page,
      office: officeOf(submission.office),
      name: submission.name,
      email: submission.email,
      phone: submission.phone,
      message: submission.message,
      topic: submission.topic || null,
      fields: Object.fromEntries(Object.entries(submission.details.fields).map(([key, value]) => [key, value ?? null])),
      status: submission.status,
      spam: isSpam(submission),
      /** Held for a person to look at (not spam, not plainly accepted). */
      review: submission.status !== "accepted" && !isSpam(submission),
      flags: submission.flags ? submission.flags.split(",") : [],
      captchaScore: submission.captcha_score,
      resume:
        submission.resume_name && resume
          ? {
              fileName: submission.resume_name,
              contentType: submission.resume_type,
              size: submission.resume_size ?? submission.resume?.length ?? null,
              url: resume.url,
              expiresAt: resume.expiresAt,
            }
          : null,
    },
  };
}

export interface WebhookOptions {
  name: string;
  url: string;
  secret: string;
  /** Where this service is reachable, for resume links. */
  publicUrl: string;
  resumeLinkHours: number;
  /** The server's own key for resume links (kept in the store, read when first needed). */
  linkKey: () => Promise<Buffer>;
  now: () => Date;
}

/** A webhook signed by the Standard Webhooks convention (`webhook-id`, `-timestamp`, `-signature`). */
export function webhookDeliverer(options: WebhookOptions): Deliverer {
  const signer = new Webhook(options.secret);
  return {
    name: options.name,
    kind: "webhook",
    async deliver(submission, { webhookId: id, signal }) {
      const now = options.now();
      const expires = Math.floor(now.getTime() / 1000) + options.resumeLinkHours * 3600;
      // Only an accepted application's resume is linked: one held for review or taken for spam
      // is the firm's to look at first.
      const resume =
        submission.resume_name && submission.status === "accepted"
          ? {
              url: resumeLink(options.publicUrl, submission.id, options.name, await options.linkKey(), expires),
              expiresAt: new Date(expires * 1000).toISOString(),
            }
          : null;
      await postSigned(signer, options.url, id, JSON.stringify(leadEvent(submission, resume, now)), signal);
    },
  };
}

/**
 * Sends one signed event; also used for the delivery alerts sent to a webhook. The signature's
 * timestamp is the wall clock at sending: receivers refuse one more than five minutes off.
 */
export async function postSigned(
  signer: Webhook,
  url: string,
  id: string,
  body: string,
  signal: AbortSignal,
): Promise<void> {
  const now = new Date();
  await postJson(
    url,
    body,
    {
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": signer.sign(id, now, body),
    },
    signal,
  );
}
