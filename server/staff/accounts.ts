import { defaultLocale, isLocale, type Locale } from "../../core/locales";
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../intake/store";
import type { AuditAction, StaffRole } from "./tables";

/** A session ends after this long without a request… */
export const sessionIdleMs = 30 * 60_000;
/** …and this long after sign-in, whatever its use. */
export const sessionMaxMs = 12 * 3_600_000;
/** How long an invitation's link works. */
export const invitationMs = 24 * 3_600_000;
/** How long a WebAuthn ceremony may take between its options and its answer. */
export const challengeMs = 5 * 60_000;
/** A session's last use is written at most this often (every page would otherwise be a write). */
const touchEveryMs = 60_000;

type Db = Kysely<Database>;

/** A secret for a link or a cookie: 32 random bytes, base64url. */
export const newToken = () => randomBytes(32).toString("base64url");
/** What the store keeps of a secret: its SHA-256, so a copy of the database opens no session. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const iso = (date: Date) => date.toISOString();
const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

export const normalEmail = (email: string) => email.trim().toLowerCase();

export async function createInvitation(
  db: Db,
  invitation: { email: string; role: StaffRole; invitedBy: string | null },
  now: Date,
): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  const expiresAt = later(now, invitationMs);
  await db
    .insertInto("staff_invitations")
    .values({
      id: tokenHash(token),
      email: normalEmail(invitation.email),
      role: invitation.role,
      invited_by: invitation.invitedBy,
      created_at: iso(now),
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  return { token, expiresAt };
}

export type InvitationCheck =
  { ok: true; id: string; email: string; role: StaffRole } | { ok: false; reason: "unknown" | "used" | "expired" };

/** Whether an invitation's token can still register a passkey at `now`. */
export async function checkInvitation(db: Db, token: string, now: Date): Promise<InvitationCheck> {
  const row = await db
    .selectFrom("staff_invitations")
    .selectAll()
    .where("id", "=", tokenHash(token))
    .executeTakeFirst();
  if (!row) return { ok: false, reason: "unknown" };
  if (row.used_at) return { ok: false, reason: "used" };
  if (row.expires_at <= iso(now)) return { ok: false, reason: "expired" };
  return { ok: true, id: row.id, email: row.email, role: row.role };
}

/**
 * Spends an invitation (once: the update only matches an unused, unexpired row) and makes or
 * restores its person, with the invitation's role. A person who lost a device, or was revoked,
 * is let back in this way only. Resolves with the person's id, or undefined when it was spent.
 */
export async function spendInvitation(db: Db, invitationId: string, now: Date): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable("staff_invitations")
      .set({ used_at: iso(now) })
      .where("id", "=", invitationId)
      .where("used_at", "is", null)
      .where("expires_at", ">", iso(now))
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return undefined;
    const invitation = await trx
      .selectFrom("staff_invitations")
      .select(["email", "role"])
      .where("id", "=", invitationId)
      .executeTakeFirstOrThrow();
    const existing = await trx
      .selectFrom("staff_users")
      .select("id")
      .where("email", "=", invitation.email)
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable("staff_users")
        .set({ role: invitation.role, revoked_at: null })
        .where("id", "=", existing.id)
        .execute();
      return existing.id;
    }
    const id = randomUUID();
    await trx
      .insertInto("staff_users")
      .values({
        id,
        email: invitation.email,
        role: invitation.role,
        locale: "en",
        created_at: iso(now),
        revoked_at: null,
      })
      .execute();
    return id;
  });
}

export interface StaffUser {
  id: string;
  email: string;
  role: StaffRole;
  locale: Locale;
}

export interface StaffSession {
  user: StaffUser;
  csrf: string;
  /** The session's id in the store (the token's hash). */
  id: string;
}

export async function createSession(db: Db, userId: string, now: Date): Promise<{ token: string; csrf: string }> {
  const token = newToken();
  const csrf = newToken();
  await db
    .insertInto("staff_sessions")
    .values({
      id: tokenHash(token),
      user_id: userId,
      csrf,
      created_at: iso(now),
      last_seen_at: iso(now),
      expires_at: later(now, sessionMaxMs),
    })
    .execute();
  return { token, csrf };
}

/**
 * The session a cookie's token opens at `now`: none when unknown, idle for 30 minutes, past its
 * 12 hours, or its person was revoked (an ended session's row is deleted). A use renews the idle
 * time, never the 12 hours.
 */
export async function readSession(db: Db, token: string, now: Date): Promise<StaffSession | undefined> {
  const id = tokenHash(token);
  const row = await db
    .selectFrom("staff_sessions")
    .innerJoin("staff_users", "staff_users.id", "staff_sessions.user_id")
    .select([
      "staff_sessions.csrf",
      "staff_sessions.last_seen_at",
      "staff_sessions.expires_at",
      "staff_users.id as user_id",
      "staff_users.email",
      "staff_users.role",
      "staff_users.locale",
      "staff_users.revoked_at",
    ])
    .where("staff_sessions.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const time = now.getTime();
  const idle = time - Date.parse(row.last_seen_at) >= sessionIdleMs;
  if (idle || time >= Date.parse(row.expires_at) || row.revoked_at) {
    await db.deleteFrom("staff_sessions").where("id", "=", id).execute();
    return undefined;
  }
  if (time - Date.parse(row.last_seen_at) >= touchEveryMs)
    await db
      .updateTable("staff_sessions")
      .set({ last_seen_at: iso(now) })
      .where("id", "=", id)
      .execute();
  return {
    id,
    csrf: row.csrf,
    user: {
      id: row.user_id,
      email: row.email,
      role: row.role,
      locale: isLocale(row.locale) ? row.locale : defaultLocale,
    },
  };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom("staff_sessions").where("id", "=", sessionId).execute();
}

/** Ends every session (of one person, or of everyone). */
export async function endSessions(db: Db, userId?: string): Promise<number> {
  let query = db.deleteFrom("staff_sessions");
  if (userId) query = query.where("user_id", "=", userId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A revoked person is signed out everywhere and can come back only through a new invitation. */
export async function revokeUser(db: Db, userId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("staff_users")
    .set({ revoked_at: iso(now) })
    .where("id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  await endSessions(db, userId);
  return Number(result.numUpdatedRows) === 1;
}

export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom("staff_users").selectAll().where("email", "=", normalEmail(email)).executeTakeFirst();
}

export async function saveChallenge(
  db: Db,
  challenge: { challenge: string; purpose: "register" | "sign-in"; invitationId: string | null },
  now: Date,
): Promise<string> {
  const id = newToken();
  // Unanswered ceremonies are cleared as new ones begin.
  await db.deleteFrom("staff_challenges").where("expires_at", "<=", iso(now)).execute();
  await db
    .insertInto("staff_challenges")
    .values({
      id,
      challenge: challenge.challenge,
      purpose: challenge.purpose,
      invitation_id: challenge.invitationId,
      expires_at: later(now, challengeMs),
    })
    .execute();
  return id;
}

/** Takes a challenge (once): undefined when unknown, of another purpose or expired. */
export async function takeChallenge(db: Db, id: string, purpose: "register" | "sign-in", now: Date) {
  const row = await db.selectFrom("staff_challenges").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const deleted = await db.deleteFrom("staff_challenges").where("id", "=", id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1 || row.purpose !== purpose || row.expires_at <= iso(now)) return undefined;
  return row;
}

/** One line of the audit log: who, what, which submission (ids only). */
export async function audit(
  db: Db,
  entry: { userId: string; action: AuditAction; submissionIds?: readonly (string | null)[]; detail?: string },
  now: Date,
): Promise<void> {
  const ids = entry.submissionIds?.length ? entry.submissionIds : [null];
  for (let start = 0; start < ids.length; start += 200)
    await db
      .insertInto("staff_audit")
      .values(
        ids.slice(start, start + 200).map((submissionId) => ({
          at: iso(now),
          user_id: entry.userId,
          action: entry.action,
          submission_id: submissionId,
          detail: entry.detail ?? "",
        })),
      )
      .execute();
}
