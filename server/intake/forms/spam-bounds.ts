import type { NewSubmission, Store, SubmissionStatus } from "../store";

/** Kept out of the inbox: the honeypot's and a low captcha score's. Nobody vouched for their size. */
export const spamStatuses: readonly SubmissionStatus[] = ["spam", "suspected-spam"];

export const isSpamStatus = (status: SubmissionStatus) => spamStatuses.includes(status);

/**
 * What a spam row keeps of its text: enough for a person looking through suspected spam to
 * recognise a real lead and call back (the message's first thousand characters, each other answer's
 * first 300), about 4 KB at most instead of the 30 KB and more a bot can send.
 */
export const spamText = { message: 1000, answer: 300 } as const;

const cut = (value: string, max: number) => (value.length > max ? `${value.slice(0, max)}…` : value);

/** The row as spam is stored: text cut to `spamText`, the details' every string value too. */
export function boundSpam<T extends Pick<NewSubmission, "message" | "details" | "topic" | "page">>(record: T): T {
  let details: unknown;
  try {
    details = JSON.parse(record.details);
  } catch {
    details = {};
  }
  const shortened =
    details && typeof details === "object"
      ? Object.fromEntries(
          Object.entries(details).map(([key, value]) => [
            key,
            typeof value === "string" ? cut(value, spamText.answer) : typeof value === "object" ? null : value,
          ]),
        )
      : {};
  return {
    ...record,
    message: cut(record.message, spamText.message),
    topic: cut(record.topic, spamText.answer),
    page: cut(record.page, spamText.answer),
    details: JSON.stringify(shortened),
  };
}

/** How many spam rows the store holds. */
export async function spamRows(store: Pick<Store, "db">): Promise<number> {
  const row = await store.db
    .selectFrom("submissions")
    .select((eb) => eb.fn.countAll<string | number>().as("rows"))
    .where("status", "in", spamStatuses)
    .executeTakeFirst();
  return Number(row?.rows ?? 0);
}
