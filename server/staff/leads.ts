import { createHmac, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { firmRows, officeName } from "../../core/form-fields";
import { officeChoices } from "../../core/firm";
import { parseReference } from "../../core/reference";
import { readStoredResume } from "../intake/uploads/index";
import { deliveriesOf, readSubmission, serverKey, type StoredSubmission, type Submission } from "../intake/store";
import { headerSafe } from "../intake/destinations/index";
import { audit } from "./accounts";
import type { StaffEnv } from "./console";
import { firmTimeZone, formValue, shown, type PageDeps } from "./deps";
import { csrfField, h, page, when, type Html } from "./html";
import { staffPaths } from "./paths";
import type { LeadProgress } from "./tables";
import type { StaffText } from "./text";

/** How many of the newest submissions in the chosen dates a search reads (a firm has thousands, not millions). */
export const scanLimit = 2000;
/** Rows a list shows. */
const shownLimit = 100;
/** Days the list covers when no start date is chosen. */
const defaultDays = 90;
/** How long the link to a resume works. */
const resumeLinkMs = 10 * 60_000;

const kinds = ["consultation", "information", "application"] as const;
const statusFilters = ["", "new", "contacted", "closed", "held", "spam"] as const;
type StatusFilter = (typeof statusFilters)[number];

export interface LeadFilters {
  kind: string;
  office: string;
  status: StatusFilter;
  from: string;
  to: string;
  q: string;
}

const day = /^\d{4}-\d{2}-\d{2}$/;

/** A lead's place in the firm's work, as staff read it. */
export function statusLabel(t: StaffText, status: Submission["status"], progress: LeadProgress | null | undefined) {
  if (status === "review") return t.statusHeld;
  if (status === "spam" || status === "suspected-spam") return t.statusSpam;
  return progress === "contacted" ? t.statusContacted : progress === "closed" ? t.statusClosed : t.statusNew;
}

/** The short reference a person reads aloud (`LFH-7K3Q-92`), or the id where none was given. */
export const referenceOf = (lead: { id: string; reference?: string | null }): string => lead.reference || lead.id;

const digits = (value: string) => value.replace(/\D/g, "");

/**
 * Whether a lead matches what was typed: its name, email, phone (digits only) or reference. Done
 * here, on rows read through the store's own reading, never with SQL LIKE: personal data may be
 * encrypted in the store.
 */
export function matchesSearch(lead: StoredSubmission, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const qDigits = digits(q);
  const reference = referenceOf(lead).toLowerCase();
  const typed = parseReference(query);
  if (typed && typed === lead.reference) return true;
  return (
    lead.name.toLowerCase().includes(q) ||
    lead.email.toLowerCase().includes(q) ||
    reference.includes(q) ||
    (q.length >= 4 && reference.replace(/[\s-]/g, "").includes(q.replace(/[\s-]/g, ""))) ||
    (qDigits.length >= 4 && digits(lead.phone).includes(qDigits))
  );
}

/** The newest submissions matching the filters, with how many were read to find them. */
export async function findLeads(deps: PageDeps, filters: LeadFilters) {
  const { db } = deps.store;
  const from = day.test(filters.from)
    ? filters.from
    : new Date(deps.now().getTime() - defaultDays * 86_400_000).toISOString().slice(0, 10);
  let query = db
    .selectFrom("submissions")
    .leftJoin("lead_status", "lead_status.submission_id", "submissions.id")
    .selectAll("submissions")
    .select(["lead_status.status as progress"])
    .where("submissions.created_at", ">=", from)
    .orderBy("submissions.created_at", "desc")
    .limit(scanLimit);
  if (day.test(filters.to)) {
    const end = new Date(`${filters.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    query = query.where("submissions.created_at", "<", end.toISOString());
  }
  if ((kinds as readonly string[]).includes(filters.kind))
    query = query.where("submissions.kind", "=", filters.kind as (typeof kinds)[number]);
  if (filters.status === "held") query = query.where("submissions.status", "=", "review");
  else if (filters.status === "spam") query = query.where("submissions.status", "in", ["spam", "suspected-spam"]);
  else {
    query = query.where("submissions.status", "=", "accepted");
    if (filters.status === "new") query = query.where("lead_status.status", "is", null);
    if (filters.status === "contacted" || filters.status === "closed")
      query = query.where("lead_status.status", "=", filters.status);
  }
  const rows = await query.execute();
  const found = rows
    .map(({ progress, ...row }) => ({ lead: readSubmission(row), progress }))
    .filter(({ lead }) => (filters.office ? lead.office === filters.office : true))
    .filter(({ lead }) => matchesSearch(lead, filters.q));
  return { found: found.slice(0, shownLimit), scanned: rows.length };
}

const option = (value: string, label: string, selected: string) =>
  h`<option value="${value}"${value === selected ? h` selected` : ""}>${label}</option>`;

function filterForm(t: StaffText, filters: LeadFilters): Html {
  const statusLabels: Record<StatusFilter, string> = {
    "": t.any,
    new: t.statusNew,
    contacted: t.statusContacted,
    closed: t.statusClosed,
    held: t.statusHeld,
    spam: t.statusSpam,
  };
  return h`<form class="filters" method="get" action="${staffPaths.leads}" role="search">
  <label>${t.search}<input type="search" name="q" value="${filters.q}" placeholder="${t.searchHint}"></label>
  <label>${t.kind}<select name="kind">${option("", t.any, filters.kind)}${kinds.map((k) => option(k, t[k], filters.kind))}</select></label>
  <label>${t.office}<select name="office">${option("", t.any, filters.office)}${officeChoices.map((o) => option(o, officeName(o), filters.office))}</select></label>
  <label>${t.status}<select name="status">${statusFilters.map((s) => option(s, statusLabels[s], filters.status))}</select></label>
  <label>${t.from}<input type="date" name="from" value="${filters.from}"></label>
  <label>${t.to}<input type="date" name="to" value="${filters.to}"></label>
  <button>${t.filter}</button></form>`;
}

/** The resume link's signature: the lead and the link's end, signed with the server's own key. */
const resumeSignature = (key: Buffer, id: string, expires: number) =>
  createHmac("sha256", key).update(`staff-resume:${id}:${expires}`).digest("base64url");

export function leadPages(deps: PageDeps): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>();
  const { db } = deps.store;
  const resumeKey = () => serverKey(deps.store, "staff-resume-links");

  app.get(staffPaths.leads, async (c) => {
    const context = c.get("context");
    const { t, locale } = context;
    const status = c.req.query("status") ?? "";
    const filters: LeadFilters = {
      kind: c.req.query("kind") ?? "",
      office: c.req.query("office") ?? "",
      status: (statusFilters as readonly string[]).includes(status) ? (status as StatusFilter) : "",
      from: c.req.query("from") ?? "",
      to: c.req.query("to") ?? "",
      q: (c.req.query("q") ?? "").slice(0, 200),
    };
    const { found, scanned } = await findLeads(deps, filters);
    const rows = found.map(
      ({ lead, progress }) => h`<tr><td>${when(lead.created_at, locale, firmTimeZone)}</td>
      <td><a href="${staffPaths.leads}/${encodeURIComponent(lead.id)}">${shown(lead.name) || "—"}</a></td>
      <td>${t[lead.kind]}</td><td>${lead.kind === "application" ? "" : officeName(lead.office)}</td>
      <td>${statusLabel(t, lead.status, progress)}</td><td><code>${referenceOf(lead)}</code></td></tr>`,
    );
    const table = found.length
      ? h`<div class="scroll"><table><thead><tr><th scope="col">${t.date}</th><th scope="col">${t.name}</th><th scope="col">${t.kind}</th><th scope="col">${t.office}</th><th scope="col">${t.status}</th><th scope="col">${t.reference}</th></tr></thead><tbody>${rows}</tbody></table></div>`
      : h`<p>${t.none}</p>`;
    const note = h`<p>${t.scanned.replace("{shown}", String(found.length)).replace("{scanned}", String(scanned))}</p>`;
    return c.html(page(context, t.leads, h`${filterForm(t, filters)}${note}${table}`));
  });

  app.get(`${staffPaths.leads}/:id`, async (c) => {
    const context = c.get("context");
    const { t, locale, csrf } = context;
    const id = c.req.param("id");
    const row = await db.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return c.html(page(context, t.notFound, h``), 404);
    const lead = readSubmission(row);
    const progress = await db.selectFrom("lead_status").selectAll().where("submission_id", "=", id).executeTakeFirst();
    const deliveries = await deliveriesOf(db, id);
    await audit(db, { userId: c.get("session").user.id, action: "view", submissionIds: [id] }, deps.now());
    const { first, fields, freeText } = firmRows(lead.details);
    const expires = Math.floor(deps.now().getTime() / 1000 + resumeLinkMs / 1000);
    const resumeHref = lead.resume_name
      ? `${staffPaths.leads}/${encodeURIComponent(id)}/resume?expires=${expires}&signature=${resumeSignature(await resumeKey(), id, expires)}`
      : undefined;
    const firstBox = first.length
      ? h`<section class="first" aria-labelledby="first"><h2 id="first">${t.safeContact}</h2><dl>${first.map(({ row: [label, value] }) => h`<dt>${label}</dt><dd>${shown(value)}</dd>`)}</dl></section>`
      : "";
    const summary = h`<dl>
      <dt>${t.reference}</dt><dd><code>${referenceOf(lead)}</code></dd>
      <dt>${t.date}</dt><dd>${when(lead.created_at, locale, firmTimeZone)}</dd>
      <dt>${t.kind}</dt><dd>${t[lead.kind]}</dd>
      <dt>${t.status}</dt><dd>${statusLabel(t, lead.status, progress?.status)}${lead.flags ? ` (${lead.flags})` : ""}</dd>
      ${progress?.note ? h`<dt>${t.note}</dt><dd>${shown(progress.note)}</dd>` : ""}
    </dl>`;
    const details = h`<h2>${t.fields}</h2><dl>${[...fields, freeText].map(([label, value]) => h`<dt>${label}</dt><dd>${shown(value)}</dd>`)}</dl>
      ${resumeHref ? h`<p><a href="${resumeHref}">${t.resumeLink}</a> (${shown(lead.resume_name)})</p>` : ""}`;
    const deliveryRows = deliveries.map(
      (d) =>
        h`<tr><td>${d.destination}</td><td>${d.sent_at ? h`${t.sent} ${when(d.sent_at, locale, firmTimeZone)}` : d.failed_at ? t.failed : t.pending}</td><td>${d.attempts}</td><td>${shown(d.last_error)}</td></tr>`,
    );
    const deliveryTable = deliveries.length
      ? h`<div class="scroll"><table><thead><tr><th scope="col">${t.destination}</th><th scope="col">${t.state}</th><th scope="col">${t.attempts}</th><th scope="col">${t.lastError}</th></tr></thead><tbody>${deliveryRows}</tbody></table></div>`
      : h`<p>${t.noDeliveries}</p>`;
    const markForm =
      lead.status === "accepted"
        ? h`<h2>${t.mark}</h2><form method="post" action="${staffPaths.leads}/${encodeURIComponent(id)}/status">${csrfField(csrf)}
      <p><label>${t.status}<select name="status">${option("contacted", t.statusContacted, progress?.status ?? "contacted")}${option("closed", t.statusClosed, progress?.status ?? "")}</select></label></p>
      <p><label>${t.note}<textarea name="note" rows="3" cols="50" maxlength="2000">${progress?.note ?? ""}</textarea></label></p>
      <p><button>${t.save}</button></p></form>`
        : "";
    const notice = c.req.query("saved") !== undefined ? t.saved : undefined;
    return c.html(
      page(
        context,
        `${t.lead} ${referenceOf(lead)}`,
        h`${firstBox}${summary}${details}<h2>${t.deliveries}</h2>${deliveryTable}${markForm}`,
        notice,
      ),
    );
  });

  app.post(`${staffPaths.leads}/:id/status`, async (c) => {
    const id = c.req.param("id");
    const form = await c.req.parseBody({ all: true });
    const status = formValue(form, "status");
    if (status !== "contacted" && status !== "closed") return c.text("Bad request", 400);
    const note = formValue(form, "note").slice(0, 2000);
    const lead = await db.selectFrom("submissions").select("id").where("id", "=", id).executeTakeFirst();
    if (!lead) return c.text("Not found", 404);
    const user = c.get("session").user.id;
    const at = deps.now().toISOString();
    await db
      .insertInto("lead_status")
      .values({ submission_id: id, status, note, updated_at: at, updated_by: user })
      .onConflict((oc) => oc.column("submission_id").doUpdateSet({ status, note, updated_at: at, updated_by: user }))
      .execute();
    await audit(db, { userId: user, action: "mark", submissionIds: [id], detail: status }, deps.now());
    return c.redirect(`${staffPaths.leads}/${encodeURIComponent(id)}?saved`, 303);
  });

  app.get(`${staffPaths.leads}/:id/resume`, async (c) => {
    const id = c.req.param("id");
    const expires = Number(c.req.query("expires"));
    const given = Buffer.from(c.req.query("signature") ?? "");
    const expected = Buffer.from(resumeSignature(await resumeKey(), id, expires));
    const valid =
      Number.isSafeInteger(expires) &&
      expires * 1000 > deps.now().getTime() &&
      given.length === expected.length &&
      timingSafeEqual(given, expected);
    if (!valid) return c.text("This link has expired. Open the lead again.", 410);
    const row = await db
      .selectFrom("submissions")
      .select(["resume", "resume_file", "resume_name", "resume_type"])
      .where("id", "=", id)
      .executeTakeFirst();
    const bytes = row?.resume_name ? await readStoredResume(deps.store, row).catch(() => null) : null;
    if (!row?.resume_name || !bytes) return c.text("Not found", 404);
    await audit(db, { userId: c.get("session").user.id, action: "resume", submissionIds: [id] }, deps.now());
    const name = headerSafe(row.resume_name).replace(/["\\]/g, "_");
    return c.body(new Uint8Array(bytes), 200, {
      "Content-Type": row.resume_type ?? "application/octet-stream",
      "Content-Disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    });
  });
  return app;
}
