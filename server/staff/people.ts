import { Hono } from "hono";
import { z } from "zod";
import type { Mailer } from "../intake/destinations/index";
import { audit, endSessions, revokeUser } from "./accounts";
import type { StaffEnv } from "./console";
import { firmTimeZone, formValue, type PageDeps } from "./deps";
import { csrfField, h, page, when } from "./html";
import { sendInvitation } from "./invitation";
import { staffPaths } from "./paths";
import { staffRoles, type StaffRole } from "./tables";
import { fill } from "./text";

export interface PeopleDeps extends PageDeps {
  mailer: Mailer;
  from: string;
  /** Origins the console may be used from: an invitation links to the one the admin uses. */
  origins: ReadonlySet<string>;
}

const auditPage = 200;

/** People (invite, revoke) and the audit log: administrators only. */
export function peoplePages(deps: PeopleDeps): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>();
  const { db } = deps.store;

  app.use(`${staffPaths.people}/*`, async (c, next) => {
    if (c.get("session").user.role !== "admin") return c.text(c.get("context").t.forbidden, 403);
    return next();
  });
  app.use(staffPaths.people, async (c, next) => {
    if (c.get("session").user.role !== "admin") return c.text(c.get("context").t.forbidden, 403);
    return next();
  });
  app.use(staffPaths.audit, async (c, next) => {
    if (c.get("session").user.role !== "admin") return c.text(c.get("context").t.forbidden, 403);
    return next();
  });

  app.get(staffPaths.people, async (c) => {
    const context = c.get("context");
    const { t, locale, csrf } = context;
    const users = await db.selectFrom("staff_users").selectAll().orderBy("email").execute();
    const passkeys = await db.selectFrom("staff_passkeys").selectAll().orderBy("created_at").execute();
    const rows = users.map(
      (user) => h`<tr><td>${user.email}</td><td>${t[user.role]}</td>
      <td>${passkeys
        .filter((p) => p.user_id === user.id)
        .map(
          (p) =>
            h`<form method="post" action="${staffPaths.people}/passkeys/revoke" class="inline">${csrfField(csrf)}<input type="hidden" name="id" value="${p.id}">${when(p.created_at, locale, firmTimeZone)} <button class="secondary">${t.revokePasskey}</button></form>`,
        )}</td>
      <td>${user.revoked_at ? h`${t.revoked} ${when(user.revoked_at, locale, firmTimeZone)}` : h`<form method="post" action="${staffPaths.people}/revoke">${csrfField(csrf)}<input type="hidden" name="id" value="${user.id}"><button class="danger">${t.revoke}</button></form>`}</td></tr>`,
    );
    const notice = c.req.query("invited")
      ? fill(t.invited, { email: c.req.query("invited")! })
      : c.req.query("ended") !== undefined
        ? t.sessionsEnded
        : undefined;
    const body = h`<h2>${t.invite}</h2><form method="post" action="${staffPaths.people}/invite" class="filters">${csrfField(csrf)}
      <label>${t.email}<input type="email" name="email" required autocomplete="off"></label>
      <label>${t.role}<select name="role">${staffRoles.map((role) => h`<option value="${role}">${t[role]}</option>`)}</select></label>
      <button>${t.invite}</button></form>
      <h2>${t.people}</h2><div class="scroll"><table><thead><tr><th scope="col">${t.email}</th><th scope="col">${t.role}</th><th scope="col">${t.passkeys}</th><th scope="col">${t.actions}</th></tr></thead><tbody>${rows}</tbody></table></div>
      <form method="post" action="${staffPaths.people}/sessions/end">${csrfField(csrf)}<button class="danger">${t.endAllSessions}</button></form>`;
    return c.html(page(context, t.people, body, notice));
  });

  app.post(`${staffPaths.people}/invite`, async (c) => {
    const form = await c.req.parseBody({ all: true });
    const email = formValue(form, "email");
    const role = formValue(form, "role") as StaffRole;
    if (!z.string().email().safeParse(email).success || !staffRoles.includes(role)) return c.text("Bad request", 400);
    const origin = c.req.header("origin")!;
    const admin = c.get("session").user.id;
    await sendInvitation(db, deps.mailer, {
      email,
      role,
      invitedBy: admin,
      baseUrl: origin,
      from: deps.from,
      now: deps.now(),
    });
    await audit(db, { userId: admin, action: "invite", detail: role }, deps.now());
    return c.redirect(`${staffPaths.people}?invited=${encodeURIComponent(email)}`, 303);
  });

  app.post(`${staffPaths.people}/revoke`, async (c) => {
    const form = await c.req.parseBody({ all: true });
    const id = formValue(form, "id");
    await revokeUser(db, id, deps.now());
    await audit(db, { userId: c.get("session").user.id, action: "revoke-user", detail: id }, deps.now());
    return c.redirect(staffPaths.people, 303);
  });

  app.post(`${staffPaths.people}/passkeys/revoke`, async (c) => {
    const form = await c.req.parseBody({ all: true });
    const id = formValue(form, "id");
    await db.deleteFrom("staff_passkeys").where("id", "=", id).execute();
    await audit(db, { userId: c.get("session").user.id, action: "revoke-passkey" }, deps.now());
    return c.redirect(staffPaths.people, 303);
  });

  app.post(`${staffPaths.people}/sessions/end`, async (c) => {
    await audit(db, { userId: c.get("session").user.id, action: "revoke-sessions" }, deps.now());
    await endSessions(db);
    return c.redirect(staffPaths.signIn, 303);
  });

  app.get(staffPaths.audit, async (c) => {
    const context = c.get("context");
    const { t, locale } = context;
    const rows = await db
      .selectFrom("staff_audit")
      .leftJoin("staff_users", "staff_users.id", "staff_audit.user_id")
      .select([
        "staff_audit.at",
        "staff_audit.action",
        "staff_audit.submission_id",
        "staff_audit.detail",
        "staff_users.email",
      ])
      .orderBy("staff_audit.id", "desc")
      .limit(auditPage)
      .execute();
    const body = rows.length
      ? h`<div class="scroll"><table><thead><tr><th scope="col">${t.when}</th><th scope="col">${t.who}</th><th scope="col">${t.action}</th><th scope="col">${t.submission}</th><th scope="col">${t.detail}</th></tr></thead><tbody>${rows.map(
          (row) =>
            h`<tr><td>${when(row.at, locale, firmTimeZone)}</td><td>${row.email ?? ""}</td><td>${row.action}</td><td>${row.submission_id ? h`<code>${row.submission_id}</code>` : ""}</td><td>${row.detail}</td></tr>`,
        )}</tbody></table></div>`
      : h`<p>${t.none}</p>`;
    return c.html(page(context, t.audit, body));
  });
  return app;
}
