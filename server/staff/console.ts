import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import ipaddr from "ipaddr.js";
import { firm } from "../../core/firm";
import {
  alternates,
  defaultLocale,
  isLocale,
  localeConfig,
  localeFromAcceptLanguage,
  type Locale,
} from "../../core/locales";
import type { BackupStatus } from "../backup-schedule";
import { clientAddress, isHttps } from "../client-address";
import type { Env } from "../env";
import { emailDestination, type Mailer } from "../intake/destinations/index";
import { createRateLimiter, type RateLimiter } from "../intake/rate-limit";
import type { Store } from "../intake/store";
import { securityEvent } from "../log";
import {
  checkInvitation,
  createSession,
  endSession,
  readSession,
  sameSecret,
  saveChallenge,
  sessionMaxMs,
  spendInvitation,
  takeChallenge,
  type StaffSession,
} from "./accounts";
import { consoleCss, consoleScript, h, page, staffCsp, type PageContext } from "./html";
import { leadPages } from "./leads";
import { operationPages } from "./operations";
import { staffBase, staffPaths } from "./paths";
import { peoplePages } from "./people";
import { staffText, type StaffLocale, type StaffText } from "./text";

export interface StaffConsoleOptions {
  store: Store;
  mailer: Mailer;
  env: Pick<Env, "MAIL_FROM" | "destinations" | "TRUST_PROXY" | "STAFF_ALLOWED_NETWORKS">;
  /** Origins the console may be used from (the site's, the configured ones, the loopback ones). */
  allowedOrigins: ReadonlySet<string>;
  /** The server's own readiness answer (/readyz). */
  readiness: () => Promise<Response>;
  /** Takes a backup now (undefined without BACKUP_DIR). */
  backup?: (() => Promise<BackupStatus>) | undefined;
  now?: () => Date;
  /** Sign-in and registration attempts per client address and minute. */
  signInLimiter?: RateLimiter;
}

export type StaffEnv = { Variables: { session: StaffSession; context: PageContext } };

/**
 * The session cookie's name: `__Host-` over HTTPS (Secure, this host only, path /). A browser
 * refuses that prefix without Secure, so on plain HTTP to this machine (development, the tests)
 * it is `lfh-staff-local`, and the console refuses plain HTTP from anywhere else.
 */
export const sessionCookie = { secure: "__Host-lfh-staff", loopback: "lfh-staff-local" } as const;

const loopbackAddress = (address: string) => {
  const bare = address.replace(/^::ffff:/i, "");
  return bare === "::1" || /^127\./.test(bare);
};

function inNetworks(address: string, networks: readonly string[]): boolean {
  try {
    const parsed = ipaddr.process(address.replace(/%.*$/, ""));
    return networks.some((network) => {
      const range = ipaddr.parseCIDR(network);
      return parsed.kind() === range[0].kind() && parsed.match(range);
    });
  } catch {
    return false;
  }
}

/** The browser part of @simplewebauthn/browser, read once, served as the console's own file. */
function webauthnBundle(): string {
  const require = createRequire(import.meta.url);
  const root = join(dirname(require.resolve("@simplewebauthn/browser")), "..");
  return readFileSync(join(root, "dist/bundle/index.umd.min.js"), "utf8");
}

export function localeOf(c: Context): StaffLocale {
  const lang = c.req.query("lang");
  return isLocale(lang) ? lang : defaultLocale;
}

/** The console's pages say their language in the address, except in the default language. */
function langQuery(locale: Locale, separator: "?" | "&"): string {
  return locale === defaultLocale ? "" : `${separator}lang=${locale}`;
}

/** What the console's route groups share. */
interface ConsoleParts {
  db: Store["db"];
  now: () => Date;
  trustedHops: number;
}

/** The console's app, on which each group of routes registers its own. */
export type StaffApp = Hono<StaffEnv>;

/** Outside the firm's networks the console does not exist; it is served over HTTPS only; its pages are never kept. */
function guardConsole(app: StaffApp, options: StaffConsoleOptions): void {
  const { env } = options;
  const trustedHops = env.TRUST_PROXY;
  app.use(`${staffBase}/*`, async (c: Context, next) => {
    const address = clientAddress(c, trustedHops);
    const networks = env.STAFF_ALLOWED_NETWORKS;
    if (networks?.length && !inNetworks(address, networks)) return c.text("Not found", 404);
    const secure = isHttps(c, trustedHops);
    if (!secure && (trustedHops > 0 || !loopbackAddress(clientAddress(c, 0))))
      return c.text("The staff console is served over HTTPS only.", 403);
    await next();
    c.header("Content-Security-Policy", staffCsp);
    c.header("X-Robots-Tag", "noindex, nofollow");
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
  });

  // Every state change comes from a page of this console's own origin.
  app.use(`${staffBase}/*`, async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const origin = c.req.header("origin");
    if (!origin || !options.allowedOrigins.has(origin)) {
      securityEvent("staff-foreign-origin", { route: c.req.path, status: 403, origin: origin ? "foreign" : "none" });
      return c.text("Forbidden", 403);
    }
    return next();
  });
}

/** The console's own stylesheet and scripts. */
function assetRoutes(app: StaffApp): void {
  const bundle = webauthnBundle();
  app.get(`${staffPaths.assets}/console.css`, (c) =>
    c.body(consoleCss, 200, { "Content-Type": "text/css; charset=utf-8" }),
  );
  app.get(`${staffPaths.assets}/console.js`, (c) =>
    c.body(consoleScript, 200, { "Content-Type": "text/javascript; charset=utf-8" }),
  );
  app.get(`${staffPaths.assets}/webauthn.js`, (c) =>
    c.body(bundle, 200, { "Content-Type": "text/javascript; charset=utf-8" }),
  );
}

const cookieName = (c: Context, trustedHops: number) =>
  isHttps(c, trustedHops) ? sessionCookie.secure : sessionCookie.loopback;

async function startSession(c: Context, { db, now, trustedHops }: ConsoleParts, userId: string): Promise<void> {
  const { token } = await createSession(db, userId, now());
  setCookie(c, cookieName(c, trustedHops), token, {
    path: "/",
    httpOnly: true,
    secure: isHttps(c, trustedHops),
    sameSite: "Strict",
    maxAge: sessionMaxMs / 1000,
  });
}

/** The relying party is this console's host, as the browser's Origin names it. */
const relyingParty = (c: Context) => {
  const origin = c.req.header("origin")!;
  return { origin, rpID: new URL(origin).hostname };
};

const ceremonyButton = (
  t: StaffText,
  ceremony: "register" | "sign-in",
  label: string,
  token?: string,
) => h`<p><button type="button" hidden data-ceremony="${ceremony}" data-alert="ceremony-alert" data-error="${t.ceremonyFailed}"
    data-options="${ceremony === "register" ? staffPaths.registerOptions : staffPaths.signInOptions}"
    data-verify="${ceremony === "register" ? staffPaths.registerVerify : staffPaths.signInVerify}"${token ? h` data-token="${token}"` : ""}>${label}</button></p>
  <p class="alert" id="ceremony-alert" role="alert" hidden></p>
  <noscript><p class="alert">${t.needsScript}</p></noscript>
  <script src="${staffPaths.assets}/webauthn.js"></script><script src="${staffPaths.assets}/console.js"></script>`;

const languageLinks = (path: string, locale: StaffLocale) =>
  alternates(locale).map(
    (other) => h`<p lang="${other}"><a href="${path}${langQuery(other, "?")}">${localeConfig[other].name}</a></p>`,
  );

/** The pages a visitor without a session sees: sign-in, and an invitation to register a passkey. */
function entryPages(app: StaffApp, { db, now }: ConsoleParts): void {
  app.get(staffPaths.signIn, (c) => {
    const locale = localeOf(c);
    const t = staffText[locale];
    const notice =
      c.req.query("ended") !== undefined ? t.sessionEnded : c.req.query("out") !== undefined ? t.signedOut : undefined;
    const context = { t, locale, path: staffPaths.signIn };
    const body = h`<p>${t.signInIntro}</p>${ceremonyButton(t, "sign-in", t.signInButton)}<p>${t.lostDevice}</p>${languageLinks(staffPaths.signIn, locale)}`;
    return c.html(page(context, t.signInTitle, body, notice));
  });

  app.get(`${staffPaths.invitation}/:token`, async (c) => {
    const locale = localeOf(c);
    const t = staffText[locale];
    const token = c.req.param("token");
    const path = `${staffPaths.invitation}/${token}`;
    const context = { t, locale, path };
    const invitation = await checkInvitation(db, token, now());
    if (!invitation.ok)
      return c.html(page(context, t.invitationTitle, h`<p class="alert">${t.invitationUnusable}</p>`), 410);
    const intro = t.invitationIntro.replace("{role}", t[invitation.role]).replace("{email}", invitation.email);
    return c.html(
      page(
        context,
        t.invitationTitle,
        h`<p>${intro}</p>${ceremonyButton(t, "register", t.invitationButton, token)}${languageLinks(path, locale)}`,
      ),
    );
  });
}

const jsonBody = async (c: Context): Promise<Record<string, unknown>> => {
  try {
    const body: unknown = await c.req.json();
    return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const refuse = (c: Context, status: 400 | 403 | 410 | 429, reason: string) => {
  securityEvent(`staff-${reason}`, { route: c.req.path, status });
  const t = staffText[localeFromAcceptLanguage(c.req.header("accept-language"))];
  return c.json({ ok: false, error: status === 429 ? t.tooMany : t.ceremonyFailed }, status);
};

/** Whether this client has started too many ceremonies this minute. */
type Limited = (c: Context) => boolean;

/** Registering a passkey with an invitation: its options, then the browser's answer. */
function registrationRoutes(app: StaffApp, parts: ConsoleParts, limited: Limited): void {
  const { db, now } = parts;
  app.post(staffPaths.registerOptions, async (c) => {
    if (limited(c)) return refuse(c, 429, "rate-limited");
    const { token } = await jsonBody(c);
    const invitation = typeof token === "string" ? await checkInvitation(db, token, now()) : undefined;
    if (!invitation?.ok) return refuse(c, 410, "invitation-refused");
    const existing = await db
      .selectFrom("staff_users")
      .leftJoin("staff_passkeys", "staff_passkeys.user_id", "staff_users.id")
      .select(["staff_passkeys.id as passkey"])
      .where("staff_users.email", "=", invitation.email)
      .execute();
    const optionsJson = await generateRegistrationOptions({
      rpName: `${firm.name} staff`,
      rpID: relyingParty(c).rpID,
      userName: invitation.email,
      attestationType: "none",
      excludeCredentials: existing.flatMap((row) => (row.passkey ? [{ id: row.passkey }] : [])),
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
    const challengeId = await saveChallenge(
      db,
      { challenge: optionsJson.challenge, purpose: "register", invitationId: invitation.id },
      now(),
    );
    return c.json({ ok: true, options: optionsJson, challengeId });
  });

  app.post(staffPaths.registerVerify, async (c) => {
    const body = await jsonBody(c);
    if (typeof body.challengeId !== "string" || typeof body.token !== "string") return refuse(c, 400, "bad-ceremony");
    const challenge = await takeChallenge(db, body.challengeId, "register", now());
    const invitation = await checkInvitation(db, body.token, now());
    if (!challenge || !invitation.ok || challenge.invitation_id !== invitation.id)
      return refuse(c, 410, "invitation-refused");
    const { origin, rpID } = relyingParty(c);
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response: body.response as RegistrationResponseJSON,
        expectedChallenge: challenge.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      });
    } catch {
      return refuse(c, 400, "registration-failed");
    }
    if (!verification.verified) return refuse(c, 400, "registration-failed");
    const userId = await spendInvitation(db, invitation.id, now());
    if (!userId) return refuse(c, 410, "invitation-refused");
    const { credential } = verification.registrationInfo;
    await db
      .insertInto("staff_passkeys")
      .values({
        id: credential.id,
        user_id: userId,
        public_key: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(","),
        created_at: now().toISOString(),
        last_used_at: now().toISOString(),
      })
      .execute();
    await startSession(c, parts, userId);
    return c.json({ ok: true, to: staffPaths.leads });
  });
}

/** Signing in with a passkey: the options, then the browser's answer. */
function signInRoutes(app: StaffApp, parts: ConsoleParts, limited: Limited): void {
  const { db, now } = parts;
  app.post(staffPaths.signInOptions, async (c) => {
    if (limited(c)) return refuse(c, 429, "rate-limited");
    const optionsJson = await generateAuthenticationOptions({
      rpID: relyingParty(c).rpID,
      userVerification: "preferred",
    });
    const challengeId = await saveChallenge(
      db,
      { challenge: optionsJson.challenge, purpose: "sign-in", invitationId: null },
      now(),
    );
    return c.json({ ok: true, options: optionsJson, challengeId });
  });

  app.post(staffPaths.signInVerify, async (c) => {
    const body = await jsonBody(c);
    const response = body.response as AuthenticationResponseJSON | undefined;
    if (typeof body.challengeId !== "string" || typeof response?.id !== "string") return refuse(c, 400, "bad-ceremony");
    const challenge = await takeChallenge(db, body.challengeId, "sign-in", now());
    const passkey = await db
      .selectFrom("staff_passkeys")
      .innerJoin("staff_users", "staff_users.id", "staff_passkeys.user_id")
      .select([
        "staff_passkeys.id",
        "staff_passkeys.public_key",
        "staff_passkeys.counter",
        "staff_passkeys.transports",
        "staff_users.id as user_id",
        "staff_users.revoked_at",
      ])
      .where("staff_passkeys.id", "=", response.id)
      .executeTakeFirst();
    if (!challenge || !passkey || passkey.revoked_at) return refuse(c, 403, "sign-in-refused");
    const { origin, rpID } = relyingParty(c);
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
        credential: {
          id: passkey.id,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key, "base64url")),
          counter: Number(passkey.counter),
          transports: passkey.transports.split(",").filter(Boolean) as AuthenticatorTransportFuture[],
        },
      });
    } catch {
      return refuse(c, 403, "sign-in-refused");
    }
    if (!verification.verified) return refuse(c, 403, "sign-in-refused");
    await db
      .updateTable("staff_passkeys")
      .set({ counter: verification.authenticationInfo.newCounter, last_used_at: now().toISOString() })
      .where("id", "=", passkey.id)
      .execute();
    await startSession(c, parts, passkey.user_id);
    return c.json({ ok: true, to: staffPaths.leads });
  });
}

/** Everything registered after this needs a session; a state change also needs the session's token. */
function requireSession(app: StaffApp, { db, now, trustedHops }: ConsoleParts): void {
  app.use(
    `${staffBase}/*`,
    createMiddleware<StaffEnv>(async (c, next) => {
      const token = getCookie(c, cookieName(c, trustedHops));
      const session = token ? await readSession(db, token, now()) : undefined;
      if (!session) {
        if (token) deleteCookie(c, cookieName(c, trustedHops), { path: "/", secure: isHttps(c, trustedHops) });
        if (c.req.method === "GET" || c.req.method === "HEAD")
          return c.redirect(`${staffPaths.signIn}${token ? "?ended" : ""}`, 303);
        securityEvent("staff-no-session", { route: c.req.path, status: 401 });
        return c.text("Sign in first.", 401);
      }
      if (c.req.method !== "GET" && c.req.method !== "HEAD") {
        const form = await c.req.parseBody({ all: true });
        const csrf = form.csrf;
        if (typeof csrf !== "string" || !sameSecret(csrf, session.csrf)) {
          securityEvent("staff-csrf", { route: c.req.path, status: 403 });
          return c.text("Forbidden", 403);
        }
      }
      const locale = session.user.locale;
      c.set("session", session);
      c.set("context", { t: staffText[locale], locale, user: session.user, csrf: session.csrf, path: c.req.path });
      return next();
    }),
  );
}

/** The signed-in user's own routes: the console's home, signing out, their language. */
function accountRoutes(app: StaffApp, { db, trustedHops }: ConsoleParts): void {
  app.get(staffPaths.home, (c) => c.redirect(staffPaths.leads, 303));
  app.post(staffPaths.signOut, async (c) => {
    await endSession(db, c.get("session").id);
    deleteCookie(c, cookieName(c, trustedHops), { path: "/", secure: isHttps(c, trustedHops) });
    return c.redirect(`${staffPaths.signIn}?out${langQuery(c.get("session").user.locale, "&")}`, 303);
  });
  app.post(staffPaths.language, async (c) => {
    const form = await c.req.parseBody();
    const locale = isLocale(form.locale) ? form.locale : defaultLocale;
    await db.updateTable("staff_users").set({ locale }).where("id", "=", c.get("session").user.id).execute();
    const back =
      typeof form.back === "string" && form.back.startsWith(`${staffPaths.home}/`) ? form.back : staffPaths.leads;
    return c.redirect(back, 303);
  });
}

/** The staff console at /staff: passkeys, sessions in the store, server-rendered pages. */
export function createStaffConsole(options: StaffConsoleOptions): Hono {
  const { store, env } = options;
  const now = options.now ?? (() => new Date());
  const limiter = options.signInLimiter ?? createRateLimiter(10, 60_000);
  const parts: ConsoleParts = { db: store.db, now, trustedHops: env.TRUST_PROXY };
  // Each ceremony starts with its options, and its answer needs the challenge they hold (used
  // once): counting the starts bounds the attempts.
  const limited: Limited = (c) => !limiter(clientAddress(c, parts.trustedHops));
  const app = new Hono<StaffEnv>();
  // Registered in this order: a route registered after requireSession is only reached signed in.
  guardConsole(app, options);
  assetRoutes(app);
  entryPages(app, parts);
  registrationRoutes(app, parts, limited);
  signInRoutes(app, parts, limited);
  requireSession(app, parts);
  accountRoutes(app, parts);

  const shared = { store, now, destinations: [emailDestination, ...env.destinations.map((d) => d.name)] };
  app.route("/", leadPages(shared));
  app.route("/", operationPages({ ...shared, readiness: options.readiness, backup: options.backup }));
  app.route(
    "/",
    peoplePages({ ...shared, mailer: options.mailer, from: env.MAIL_FROM, origins: options.allowedOrigins }),
  );
  return new Hono().route("/", app);
}
