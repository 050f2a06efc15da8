import { log } from "../../log";
import type { NoticeRow } from "../store";
import { errorCode, type LeaseQueue } from "./lease-queue";
import { retryDelayMs } from "./retry-policy";

export interface AlertChannel {
  /** `email`, or the webhook destination's name. */
  name: string;
  send(notice: { id: string; subject: string; body: string }, signal: AbortSignal): Promise<void>;
}

export interface AlertSender {
  notices: LeaseQueue<NoticeRow>;
  /** Where notices to the firm go (ALERT_TO), each sent and retried on its own. */
  channels: readonly AlertChannel[];
  now: () => Date;
  /** Runs one send that stopping the outbox may abort. */
  abortable<T>(send: (signal: AbortSignal) => Promise<T>): Promise<T>;
  stopped(): boolean;
  claimBatch: number;
}

/**
 * One round of notices to the firm: claims the due ones and sends each to every alert channel
 * that does not have it yet. Resolves with how many reached every channel.
 */
export async function sendAlerts(sender: AlertSender): Promise<number> {
  const claimed = await sender.notices.claim({ orderBy: ["created_at"], limit: sender.claimBatch });
  if (!claimed.length) return 0;
  let sent = 0;
  let next = 0;
  // A channel that failed once this round is not tried again for the notices after it.
  const down = new Set<string>();
  const release = sender.notices.keep(() => claimed.slice(next).map((n) => n.id));
  try {
    for (; next < claimed.length && !sender.stopped(); next++)
      if (await sendNotice(sender, claimed[next]!, down)) sent += 1;
  } finally {
    release();
  }
  return sent;
}

/**
 * Sends one claimed notice to every alert channel that does not have it yet, each on its own:
 * the channels that took it are recorded, and only the others are tried again, later.
 */
async function sendNotice(sender: AlertSender, notice: NoticeRow, down: Set<string>): Promise<boolean> {
  const has = new Set(notice.sent_to.split(",").filter(Boolean));
  let missing = 0;
  for (const channel of sender.channels) {
    if (has.has(channel.name)) continue;
    if (down.has(channel.name) || sender.stopped()) {
      missing += 1;
      continue;
    }
    try {
      await sender.abortable((signal) => channel.send(notice, signal));
      has.add(channel.name);
    } catch (error) {
      down.add(channel.name);
      missing += 1;
      log("outbox.notice_failed", { notice: notice.id, channel: channel.name, code: errorCode(error) });
    }
  }
  const sentTo = [...has].join(",");
  if (missing) {
    const attempts = notice.attempts + 1;
    const next = new Date(sender.now().getTime() + retryDelayMs(attempts)).toISOString();
    await sender.notices.complete([notice.id], { attempts, sent_to: sentTo, next_attempt_at: next });
    return false;
  }
  await sender.notices.complete([notice.id], { sent_at: sender.now().toISOString(), sent_to: sentTo });
  log("outbox.notice_sent", { notice: notice.id });
  return true;
}
