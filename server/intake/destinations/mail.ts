import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";
import { officeName } from "../../../core/form-fields";
import { escapeHtml } from "../../../core/html";
import { singleLine } from "../../../core/text";
import { openBytes, sealBytesInTurns, sealedBytesKeyId, type Keyring } from "../at-rest";
import type { Deliverer } from "./deliverer";
import { emailDestination } from "./destinations";
import { firmSummary, firmText, kindLabel } from "./firm-text";
import { readResumeFile } from "../uploads/index";
import type { StoredSubmission } from "../store";

/** Header values never carry line breaks: no header injection through a name or subject. */
export function headerSafe(value: string): string {
  return singleLine(value).trim().slice(0, 200);
}

/**
 * The message's id, derived from the lead: a message sent again after a crash (delivery is at
 * least once) carries the same Message-ID, so the firm's mail system can recognise the copy.
 */
export function leadMessageId(submissionId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "lfh-immigration.example";
  return `<lead-${submissionId.replace(/[^\w-]/g, "")}@${domain}>`;
}

export interface Mailer {
  send(message: SendMailOptions): Promise<void>;
  close(): void;
}

/**
 * Transport settings the URL may override. `smtp://` insists on STARTTLS (a network that strips it
 * cannot read leads; `?requireTLS=false` opts out, for a relay on the same machine). The answer to
 * DATA may take minutes (RFC 5321 allows ten); the outbox renews its lease meanwhile, so a slow
 * server is waited for rather than sent a second copy, and a dead one gives up after five.
 */
export function smtpTransportUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const defaults: Record<string, string> = {
    connectionTimeout: "30000",
    greetingTimeout: "30000",
    socketTimeout: "300000",
    ...(url.protocol === "smtp:" ? { requireTLS: "true" } : {}),
  };
  for (const [key, value] of Object.entries(defaults)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.toString();
}

/** What a message in MAIL_DIR is sealed for (the additional authenticated data). */
const mailPurpose = "mail";

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in `mailDir`, sealed
 * with the store's key when there is one (`keyring`): the folder then holds the leads as the store
 * does, and `npm run leads -- mail FILE` opens one.
 */
export function createMailer(smtpUrl: string | undefined, mailDir: string, keyring?: Keyring): Mailer {
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpTransportUrl(smtpUrl));
    return {
      async send(message) {
        await transport.sendMail(message);
      },
      close: () => transport.close(),
    };
  }
  // Line breaks stay as composed (CRLF, as on the wire): rewriting them streams every line of a
  // resume's base64 through a transform, milliseconds per megabyte on the server's thread.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = (await transport.sendMail(message)) as { message: Buffer; messageId: string };
      // Sealed and written a piece per turn: a message with a 5 MB resume must not hold every request.
      const bytes = keyring ? await sealBytesInTurns(keyring.current, mailPurpose, info.message) : info.message;
      await mkdir(mailDir, { recursive: true, mode: 0o700 });
      await writeFile(join(mailDir, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`), bytes, {
        mode: 0o600,
      });
    },
    close: () => transport.close(),
  };
}

/** An .eml file of MAIL_DIR as it was composed: opened with the keyring when it is sealed. */
export async function readMailFile(file: string, keyring: Keyring | undefined): Promise<Buffer> {
  return openBytes(keyring, mailPurpose, await readFile(file));
}

/**
 * Seals every .eml file of `mailDir` with the current key (after a rotation, or when a key is
 * first set); each is written beside and renamed over, so a copy is never half written. Resolves
 * with how many it sealed.
 */
export async function resealMailDir(mailDir: string, keyring: Keyring): Promise<number> {
  const names = await readdir(mailDir).catch(() => []);
  let sealed = 0;
  for (const name of names.filter((n) => n.endsWith(".eml"))) {
    const file = join(mailDir, name);
    const bytes = await readFile(file);
    if (sealedBytesKeyId(bytes) === keyring.current.id) continue;
    const plain = openBytes(keyring, mailPurpose, bytes);
    await writeFile(`${file}.new`, await sealBytesInTurns(keyring.current, mailPurpose, plain), { mode: 0o600 });
    await rename(`${file}.new`, file);
    sealed += 1;
  }
  return sealed;
}

/**
 * The firm's inbox as a lead destination; `resumeDir`: where the SQLite store keeps resume files,
 * read whole and opened before sending when the store seals them (`keyring`).
 */
export function emailDeliverer(
  mailer: Mailer,
  from: string,
  to: string,
  resumeDir?: string,
  keyring?: Keyring,
): Deliverer {
  return {
    name: emailDestination,
    kind: "email",
    // Mail servers cap connections per client (Microsoft 365 takes three at once).
    parallel: 2,
    async deliver(submission) {
      const sealedFile = keyring && resumeDir && submission.resume_file;
      const opened = sealedFile
        ? { ...submission, resume: await readResumeFile(resumeDir, sealedFile, keyring) }
        : submission;
      await mailer.send(leadMessage(opened, from, to, resumeDir));
    },
  };
}

/**
 * The subject with the lead's reference at its end, `… — Ana Ruiz [LFH-7K3Q-9X]`: the firm can
 * search its inbox for what a caller reads out. Applied before the header is made safe, so a
 * long name is cut before the reference is.
 */
export function withReference(subject: string, reference: string): string {
  const room = 200 - reference.length - 3;
  return `${singleLine(subject).trim().slice(0, room)} [${reference}]`;
}

/**
 * The message the firm receives for one submission: every field its form declares for the firm
 * (core/form-fields.ts), every value escaped. A resume kept as a file (`resumeDir`, the SQLite
 * store) is attached from its path, read as it is sent.
 */
export function leadMessage(
  submission: StoredSubmission,
  from: string,
  to: string,
  resumeDir?: string,
): SendMailOptions {
  const { first, rows } = firmSummary(submission);
  const text = firmText(rows);
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e293b"><h1 style="font-size:18px">${escapeHtml(kindLabel[submission.kind])}</h1><table cellpadding="6" style="border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="border-bottom:1px solid #dbe4ef">${escapeHtml(label)}</th><td style="border-bottom:1px solid #dbe4ef;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table></body></html>`;
  return {
    from,
    to,
    replyTo: { name: headerSafe(submission.name), address: headerSafe(submission.email) },
    subject: headerSafe(
      withReference(
        [
          ...first.map(({ subject }) => subject),
          kindLabel[submission.kind],
          officeName(submission.office),
          submission.name,
        ].join(" — "),
        submission.reference,
      ),
    ),
    text,
    html,
    messageId: leadMessageId(submission.id, from),
    headers: { "X-Lead-Id": submission.id, "X-Lead-Reference": submission.reference },
    attachments: submission.resume_name
      ? [
          ...(submission.resume
            ? [{ content: submission.resume }]
            : submission.resume_file && resumeDir
              ? [{ path: join(resumeDir, submission.resume_file) }]
              : []),
        ].map((source) => ({
          ...source,
          filename: headerSafe(submission.resume_name ?? ""),
          contentType: submission.resume_type ?? "application/octet-stream",
        }))
      : [],
  };
}
