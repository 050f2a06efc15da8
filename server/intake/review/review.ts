import { unlink } from "node:fs/promises";
import { join } from "node:path";
import type { SendMailOptions } from "nodemailer";
import { escapeHtml } from "../../../core/html";
import { singleLine } from "../../../core/text";
import { log } from "../../log";
import type { Mailer } from "../destinations/index";
import { enqueueDeliveries } from "../outbox/index";
import { sql } from "kysely";
import type { Store, Submission } from "../store";

export type ReviewItem = Pick<Submission, "id" | "reference" | "created_at" | "kind" | "flags" | "name">;

/** Submissions waiting for a person, oldest first. */
export function reviewQueue(store: Pick<Store, "db">): Promise<ReviewItem[]> {
  return store.db
    .selectFrom("submissions")
    .select(["id", "reference", "created_at", "kind", "flags", "name"])
    .where("status", "=", "review")
    .orderBy("created_at")
    .execute();
}

/** The flag a held submission gets when the bound on the queue sets it aside (kept, as suspected spam). */
export const overflowFlag = "review-overflow";

/** Submissions the daily digest lists by name; the rest are counted, and the console shows them all. */
export const digestListed = 50;

const linkLike = /https?:\/\/|www\.|\[url|<a\s/i;

/**
 * The held queue in the order it is kept and shown: real-looking submissions first, oldest first
 * among them. A flood repeats itself (an email, a phone or a message another held one has too) or
 * carries links; a person who could not pass the captcha wrote once, in their own words.
 */
export async function heldInOrder(store: Pick<Store, "db">): Promise<(ReviewItem & { realLooking: boolean })[]> {
  const rows = await store.db
    .selectFrom("submissions")
    .select(["id", "reference", "created_at", "kind", "flags", "name", "email", "phone", "message"])
    .where("status", "=", "review")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const keys = (row: (typeof rows)[number]) => [
    `e:${row.email.trim().toLowerCase()}`,
    `p:${row.phone.replace(/\D/g, "")}`,
    `m:${row.message.trim().toLowerCase().replace(/\s+/g, " ").slice(0, 200)}`,
  ];
  const seen = new Map<string, number>();
  for (const row of rows) for (const key of keys(row)) seen.set(key, (seen.get(key) ?? 0) + 1);
  const items = rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    created_at: row.created_at,
    kind: row.kind,
    flags: row.flags,
    name: row.name,
    realLooking:
      !keys(row).some((key) => (seen.get(key) ?? 0) > 1) && !linkLike.test(row.message) && !linkLike.test(row.name),
  }));
  return [...items.filter((item) => item.realLooking), ...items.filter((item) => !item.realLooking)];
}

/**
 * Keeps the held queue to `max` (REVIEW_MAX_HELD): past it, the submissions last in `heldInOrder`
 * (flood-like, newest) leave the queue. They are kept as suspected spam flagged `review-overflow`
 * (purged after SPAM_KEEP_DAYS), so a burst of held submissions cannot bury the real ones nor
 * grow the queue and its digest without limit. Resolves with how many were set aside.
 */
export async function boundReviewQueue(store: Pick<Store, "db">, max: number): Promise<number> {
  const held = await heldInOrder(store);
  const aside = held.slice(max);
  for (let start = 0; start < aside.length; start += 200) {
    const ids = aside.slice(start, start + 200).map((item) => item.id);
    await store.db
      .updateTable("submissions")
      .set({
        status: "suspected-spam",
        flags: sql<string>`case when flags = '' then ${overflowFlag} else flags || ${`,${overflowFlag}`} end`,
      })
      .where("id", "in", ids)
      .where("status", "=", "review")
      .execute();
  }
  if (aside.length) log("review.overflow", { setAside: aside.length, kept: max });
  return aside.length;
}

/** Sends a held submission on: it becomes an ordinary lead and the outbox delivers it to every destination. */
export async function releaseFromReview(
  store: Pick<Store, "db">,
  id: string,
  destinations: readonly string[],
  now = new Date(),
): Promise<boolean> {
  return store.db.transaction().execute(async (trx) => {
    const released = await trx
      .updateTable("submissions")
      .set({ status: "accepted" })
      .where("id", "=", id)
      .where("status", "=", "review")
      .executeTakeFirst();
    if (Number(released.numUpdatedRows) !== 1) return false;
    await enqueueDeliveries(trx, [{ id, queuedAt: now.toISOString() }], destinations);
    return true;
  });
}

/** Deletes a held submission and its resume file. */
export async function discardFromReview(store: Store, id: string): Promise<boolean> {
  const row = await store.db
    .selectFrom("submissions")
    .select(["resume_file"])
    .where("id", "=", id)
    .where("status", "=", "review")
    .executeTakeFirst();
  if (!row) return false;
  await store.db.deleteFrom("submissions").where("id", "=", id).where("status", "=", "review").execute();
  if (row.resume_file && store.resumeDir) await unlink(join(store.resumeDir, row.resume_file)).catch(() => undefined);
  return true;
}

const kindLabel = {
  consultation: "Consultation request",
  information: "Information request",
  application: "Job application",
};

function age(createdAt: string, now: Date): string {
  const hours = Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 3_600_000));
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
}

/**
 * The daily digest of the review queue, to the firm's inbox (which receives leads anyway, so names
 * may appear; emails, phones and messages stay in the store): count, ids, kinds, ages and why each
 * is held, with the commands that release or discard them.
 */
export function reviewDigest(
  items: ReviewItem[],
  now: Date,
  from: string,
  to: string,
  siteUrl = "https://www.lfh-immigration.example",
): SendMailOptions {
  const lines = items
    .slice(0, digestListed)
    .map(
      (item) =>
        `${item.reference}  ${kindLabel[item.kind]}, waiting ${age(item.created_at, now)} (${item.flags || "unverified"}): ${singleLine(item.name).slice(0, 80)}`,
    );
  const more = items.length - lines.length;
  const text = [
    `${items.length} submission(s) wait for review: a captcha is configured and could not vouch for them (blocked by an ad blocker, failed or unreachable). They did not reach this inbox as leads.`,
    "",
    `Release or discard them in the staff console: ${new URL("/staff/held", siteUrl).toString()}`,
    "",
    ...lines,
    ...(more > 0 ? [`… and ${more} more (the likeliest real ones are listed first, oldest first).`] : []),
    "",
    "See one:     npm run leads -- show ID",
    "Send it on:  npm run leads -- review release ID",
    "Delete it:   npm run leads -- review discard ID",
  ].join("\n");
  const day = now.toISOString().slice(0, 10);
  return {
    from,
    to,
    subject: `Review queue: ${items.length} submission(s) waiting (${day})`,
    text,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif"><pre style="white-space:pre-wrap">${escapeHtml(text)}</pre></body></html>`,
    messageId: `<review-digest-${day}@${/@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "lfh-immigration.example"}>`,
  };
}

/**
 * Sends today's digest if the queue is not empty and no instance has sent one today (the first
 * to record the day sends it; a failed send gives the day back, so the next check tries again).
 */
export async function sendReviewDigest(
  store: Pick<Store, "db">,
  mailer: Mailer,
  options: { from: string; to: string; now: Date; siteUrl?: string },
): Promise<number> {
  const items = await heldInOrder(store);
  if (!items.length) return 0;
  const day = options.now.toISOString().slice(0, 10);
  const claimed = await store.db
    .insertInto("review_digests")
    .values({ day, sent_at: options.now.toISOString() })
    .onConflict((oc) => oc.column("day").doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) !== 1) return 0;
  try {
    await mailer.send(reviewDigest(items, options.now, options.from, options.to, options.siteUrl));
  } catch (error) {
    await store.db.deleteFrom("review_digests").where("day", "=", day).execute();
    throw error;
  }
  log("review.digest_sent", { waiting: items.length });
  return items.length;
}
