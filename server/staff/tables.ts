import type { Generated, Kysely, Migration } from "kysely";

export type StaffRole = "admin" | "staff";
export const staffRoles: readonly StaffRole[] = ["admin", "staff"];

/** A person who may use the console. Revoked: kept (the audit log names the id), never signs in again. */
interface StaffUserTable {
  id: string;
  email: string;
  role: StaffRole;
  /** The console's language this person picked (`en` or `es`). */
  locale: string;
  created_at: string;
  revoked_at: string | null;
}

/** One passkey (WebAuthn credential) of one person; the public key only, base64url. */
interface StaffPasskeyTable {
  /** The credential id, base64url, as the browser names it. */
  id: string;
  user_id: string;
  public_key: string;
  counter: number;
  /** Comma-separated transports the authenticator reported (`internal,hybrid`). */
  transports: string;
  created_at: string;
  last_used_at: string | null;
}

/** A one-time link to register a passkey: only the SHA-256 of its token is kept. */
interface StaffInvitationTable {
  id: string;
  email: string;
  role: StaffRole;
  /** The admin who sent it (null: the command line). */
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A signed-in browser: only the SHA-256 of the cookie's token is kept. */
interface StaffSessionTable {
  id: string;
  user_id: string;
  /** The token every form of this session posts back. */
  csrf: string;
  created_at: string;
  last_seen_at: string;
  /** The latest it may last, whatever its use (the 12-hour bound). */
  expires_at: string;
}

/** A WebAuthn challenge waiting for its answer; used once. */
interface StaffChallengeTable {
  id: string;
  challenge: string;
  purpose: "register" | "sign-in";
  /** For a registration: the invitation it answers. */
  invitation_id: string | null;
  expires_at: string;
}

/** Who did what to which submission: ids only, never what the submission says. */
interface StaffAuditTable {
  id: Generated<number>;
  at: string;
  user_id: string;
  action: AuditAction;
  submission_id: string | null;
  /** Counts or a destination's name, never personal data. */
  detail: string;
}

/** Where the firm stands with a lead: marked by staff (no row: new). */
interface LeadStatusTable {
  submission_id: string;
  status: LeadProgress;
  note: string;
  updated_at: string;
  updated_by: string;
}

export type LeadProgress = "contacted" | "closed";
export type AuditAction =
  | "view"
  | "export"
  | "release"
  | "discard"
  | "redeliver"
  | "delete"
  | "mark"
  | "resume"
  | "invite"
  | "revoke-user"
  | "revoke-passkey"
  | "revoke-sessions"
  | "backup";

export interface StaffTables {
  staff_users: StaffUserTable;
  staff_passkeys: StaffPasskeyTable;
  staff_invitations: StaffInvitationTable;
  staff_sessions: StaffSessionTable;
  staff_challenges: StaffChallengeTable;
  staff_audit: StaffAuditTable;
  lead_status: LeadStatusTable;
}

/** The console's tables, for both dialects (store.ts runs them with its own migrations). */
export function staffMigrations(isPostgres: boolean): Record<string, Migration> {
  return {
    "0007-staff-console": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("staff_users")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("email", "text", (c) => c.notNull().unique())
          .addColumn("role", "text", (c) => c.notNull())
          .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("revoked_at", "text")
          .execute();
        await db.schema
          .createTable("staff_passkeys")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("user_id", "text", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
          .addColumn("public_key", "text", (c) => c.notNull())
          .addColumn("counter", "bigint", (c) => c.notNull().defaultTo(0))
          .addColumn("transports", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("last_used_at", "text")
          .execute();
        await db.schema
          .createTable("staff_invitations")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("email", "text", (c) => c.notNull())
          .addColumn("role", "text", (c) => c.notNull())
          .addColumn("invited_by", "text")
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("expires_at", "text", (c) => c.notNull())
          .addColumn("used_at", "text")
          .execute();
        await db.schema
          .createTable("staff_sessions")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("user_id", "text", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
          .addColumn("csrf", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("last_seen_at", "text", (c) => c.notNull())
          .addColumn("expires_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("staff_challenges")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("challenge", "text", (c) => c.notNull())
          .addColumn("purpose", "text", (c) => c.notNull())
          .addColumn("invitation_id", "text")
          .addColumn("expires_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("staff_audit")
          .addColumn("id", isPostgres ? "serial" : "integer", (c) =>
            isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn("at", "text", (c) => c.notNull())
          .addColumn("user_id", "text", (c) => c.notNull())
          .addColumn("action", "text", (c) => c.notNull())
          .addColumn("submission_id", "text")
          .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
          .execute();
        await db.schema.createIndex("staff_audit_at").on("staff_audit").column("at").execute();
        await db.schema
          .createTable("lead_status")
          .addColumn("submission_id", "text", (c) => c.primaryKey().references("submissions.id").onDelete("cascade"))
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("updated_at", "text", (c) => c.notNull())
          .addColumn("updated_by", "text", (c) => c.notNull())
          .execute();
      },
    },
  };
}
