import type { Kysely } from "kysely";
import { firm } from "../../core/firm";
import { escapeHtml } from "../../core/html";
import type { Mailer } from "../intake/destinations/index";
import type { Database } from "../intake/store";
import { createInvitation } from "./accounts";
import { staffPaths } from "./paths";
import type { StaffRole } from "./tables";

/**
 * Invites a person: a one-time link to register a passkey, valid 24 hours, emailed to them
 * through the server's mail transport. Resolves with the link (the command line prints it too,
 * for a first admin whose mail is not set up yet).
 */
export async function sendInvitation(
  db: Kysely<Database>,
  mailer: Mailer,
  options: { email: string; role: StaffRole; invitedBy: string | null; baseUrl: string; from: string; now: Date },
): Promise<{ link: string; expiresAt: string }> {
  const { token, expiresAt } = await createInvitation(db, options, options.now);
  const link = `${options.baseUrl}${staffPaths.invitation}/${token}`;
  const text = [
    `You are invited to the staff console of ${firm.name} as ${options.role}.`,
    "",
    "Open this link on the device you will use and follow it to create a passkey (your fingerprint, face or device PIN; no password):",
    link,
    "",
    `The link works once, until ${expiresAt} (UTC). If it has expired or was already used, ask an administrator for a new one.`,
    "",
    `Invitación a la consola del personal de ${firm.name}: abra el enlace anterior en su dispositivo para crear una llave de acceso. Funciona una sola vez, durante 24 horas.`,
  ].join("\n");
  await mailer.send({
    from: options.from,
    to: options.email,
    subject: `Your invitation to the ${firm.name} staff console`,
    text,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif"><pre style="white-space:pre-wrap">${escapeHtml(text)}</pre></body></html>`,
  });
  return { link, expiresAt };
}
