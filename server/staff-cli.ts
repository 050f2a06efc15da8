// `npm run staff -- <command>`: who may use the staff console. Reads the server's configuration.
import { parseArgs } from "node:util";
import { z } from "zod";
import { loadConfiguredEnv } from "./env-file";
import { createMailer } from "./intake/destinations/index";
import { openStore } from "./intake/store";
import type { CliIo } from "./leads-cli";
import { runIfScript } from "./run-if-script";
import { findUserByEmail, revokeUser } from "./staff/accounts";
import { sendInvitation } from "./staff/invitation";
import { staffRoles, type StaffRole } from "./staff/tables";

const usage = `Usage: npm run staff -- <command>

  invite EMAIL --role admin|staff     emails a one-time link (valid 24 hours) to register a passkey;
                                      also for a person who lost their device or was revoked
  list                                people, their role, passkeys and whether they are revoked
  revoke EMAIL                        signs the person out everywhere; only a new invitation lets them back`;

const processIo: CliIo = {
  env: process.env,
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

/** Runs one command; resolves with the exit code (2: bad usage, 1: not found or failed). */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const say = (line: string) => io.out(`${line}\n`);
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { role: { type: "string" } }, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
  const [command, email] = parsed.positionals;
  const role = parsed.values.role;
  const badUsage = (message: string) => {
    io.err(`${message}\n\n${usage}\n`);
    return 2;
  };
  if (command === "invite") {
    if (!email || !z.string().email().safeParse(email).success) return badUsage("invite needs an email address");
    if (!staffRoles.includes(role as StaffRole)) return badUsage("--role must be admin or staff");
  } else if (command === "revoke") {
    if (!email) return badUsage("revoke needs an email address");
  } else if (command !== "list") return badUsage(command ? `Unknown command ${command}` : "No command");

  const env = loadConfiguredEnv(io.env);
  const store = await openStore(env.DATABASE_URL, { busyTimeoutMs: 5000 });
  const { db } = store;
  try {
    if (command === "invite") {
      const mailer = createMailer(env.SMTP_URL, env.MAIL_DIR, env.keyring);
      try {
        const { link, expiresAt } = await sendInvitation(db, mailer, {
          email: email!,
          role: role as StaffRole,
          invitedBy: null,
          baseUrl: env.STAFF_URL ?? env.INTAKE_URL,
          from: env.MAIL_FROM,
          now: new Date(),
        });
        say(`Invitation sent to ${email!} (${role!}), valid until ${expiresAt}:`);
        say(link);
      } finally {
        mailer.close();
      }
      return 0;
    }
    if (command === "revoke") {
      const user = await findUserByEmail(db, email!);
      if (!user) {
        io.err(`No staff member ${email!}\n`);
        return 1;
      }
      await revokeUser(db, user.id, new Date());
      say(`Revoked ${user.email}: signed out everywhere; a new invitation lets them back.`);
      return 0;
    }
    const users = await db.selectFrom("staff_users").selectAll().orderBy("email").execute();
    for (const user of users) {
      const passkeys = await db
        .selectFrom("staff_passkeys")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("user_id", "=", user.id)
        .executeTakeFirstOrThrow();
      say(
        `${user.email.padEnd(36)} ${user.role.padEnd(6)} ${Number(passkeys.n)} passkey(s)${user.revoked_at ? `  REVOKED ${user.revoked_at}` : ""}`,
      );
    }
    say(`${users.length} staff member(s)`);
    return 0;
  } finally {
    await store.close();
  }
}

runIfScript(import.meta.url, main);
