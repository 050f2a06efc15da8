import { Hono } from "hono";
import type { BackupStatus } from "../backup-schedule";
import { exportText } from "../leads-export";
import { redeliver } from "../intake/outbox/index";
import { discardFromReview, releaseFromReview, reviewQueue } from "../intake/review/index";
import type { Store } from "../intake/store";
import { audit } from "./accounts";
import type { StaffApp, StaffEnv } from "./console";
import { firmTimeZone, formValue, formValues, shown, type PageDeps } from "./deps";
import { csrfField, duration, h, page, when } from "./html";
import { referenceOf } from "./leads";
import { staffPaths } from "./paths";
import { fill } from "./text";

export interface OperationDeps extends PageDeps {
  readiness: () => Promise<Response>;
  backup?: (() => Promise<BackupStatus>) | undefined;
}

/** What /readyz says, as far as the Health page reads it. */
interface Readiness {
  ok: boolean;
  store: string;
  outbox?: {
    destinations: Record<
      string,
      { pending: number; failing: number; deadLettered: number; oldestPendingSeconds: number | null }
    >;
  };
  backup?: BackupStatus | null;
}

const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

/** Deliveries that failed at least once and are not sent: still retried (failing) or given up (dead). */
function troubled(db: Store["db"]) {
  return db
    .selectFrom("outbox")
    .innerJoin("submissions", "submissions.id", "outbox.submission_id")
    .select([
      "outbox.submission_id",
      "outbox.destination",
      "outbox.created_at",
      "outbox.failed_at",
      "outbox.attempts",
      "outbox.next_attempt_at",
      "outbox.last_error",
      "submissions.kind",
      "submissions.status",
    ])
    .where("outbox.sent_at", "is", null)
    .where((eb) => eb.or([eb("outbox.failed_at", "is not", null), eb("outbox.attempts", ">", 0)]))
    .orderBy("outbox.destination")
    .orderBy("outbox.created_at")
    .limit(1000)
    .execute();
}

/** Held for review: the queue, and releasing or discarding what is ticked. */
function heldRoutes(app: StaffApp, deps: OperationDeps): void {
  const { store } = deps;
  const { db } = store;
  app.get(staffPaths.held, async (c) => {
    const context = c.get("context");
    const { t, locale, csrf } = context;
    const items = await reviewQueue(store);
    const references = new Map(
      (
        await db
          .selectFrom("submissions")
          .select(["id", "reference"])
          .where("id", "in", items.length ? items.map((item) => item.id) : [""])
          .execute()
      ).map((row) => [row.id, row.reference]),
    );
    const now = deps.now().getTime();
    const rows = items.map(
      (
        item,
      ) => h`<tr><td><input type="checkbox" name="id" value="${item.id}" id="held-${item.id}" aria-label="${t.select} ${shown(item.name)}"></td>
      <td><a href="${staffPaths.leads}/${encodeURIComponent(item.id)}">${shown(item.name) || "—"}</a></td><td>${t[item.kind]}</td>
      <td>${when(item.created_at, locale, firmTimeZone)} (${duration((now - Date.parse(item.created_at)) / 1000, t)})</td>
      <td>${item.flags || "unverified"}</td><td><code>${referenceOf({ id: item.id, reference: references.get(item.id) })}</code></td></tr>`,
    );
    const notice = c.req.query("released")
      ? fill(t.released, { count: c.req.query("released")! })
      : c.req.query("discarded")
        ? fill(t.discarded, { count: c.req.query("discarded")! })
        : undefined;
    const body = items.length
      ? h`<p>${t.heldIntro}</p><form method="post" action="${staffPaths.held}">${csrfField(csrf)}
        <div class="scroll"><table><thead><tr><th scope="col">${t.select}</th><th scope="col">${t.name}</th><th scope="col">${t.kind}</th><th scope="col">${t.waiting}</th><th scope="col">${t.reason}</th><th scope="col">${t.reference}</th></tr></thead>
        <tbody>${rows}</tbody></table></div>
        <p class="actions"><button name="action" value="release">${t.release}</button><button name="action" value="discard" class="danger">${t.discard}</button></p></form>`
      : h`<p>${t.none}</p>`;
    return c.html(page(context, t.held, body, notice));
  });

  app.post(staffPaths.held, async (c) => {
    const form = await c.req.parseBody({ all: true });
    const action = formValue(form, "action");
    const ids = formValues(form, "id").slice(0, 1000);
    if (action !== "release" && action !== "discard") return c.text("Bad request", 400);
    const done: string[] = [];
    for (const id of ids) {
      const ok =
        action === "release"
          ? await releaseFromReview(store, id, deps.destinations, deps.now())
          : await discardFromReview(store, id);
      if (ok) done.push(id);
    }
    await audit(db, { userId: c.get("session").user.id, action, submissionIds: done }, deps.now());
    return c.redirect(`${staffPaths.held}?${action === "release" ? "released" : "discarded"}=${done.length}`, 303);
  });
}

/** Deliveries: what failed, by destination, and sending it again. */
function deliveryRoutes(app: StaffApp, deps: OperationDeps): void {
  const { db } = deps.store;
  app.get(staffPaths.deliveries, async (c) => {
    const context = c.get("context");
    const { t, locale, csrf } = context;
    const rows = await troubled(db);
    const byDestination = new Map<string, typeof rows>();
    for (const row of rows) byDestination.set(row.destination, [...(byDestination.get(row.destination) ?? []), row]);
    const sections = [...byDestination].map(
      ([
        destination,
        list,
      ]) => h`<section aria-labelledby="d-${destination}"><h2 id="d-${destination}">${destination}</h2>
      <form method="post" action="${staffPaths.redeliver}">${csrfField(csrf)}<input type="hidden" name="destination" value="${destination}">
      <button name="all" value="1">${fill(t.redeliverAll, { destination })}</button></form>
      <div class="scroll"><table><thead><tr><th scope="col">${t.lead}</th><th scope="col">${t.state}</th><th scope="col">${t.attempts}</th><th scope="col">${t.lastError}</th><th scope="col">${t.actions}</th></tr></thead><tbody>
      ${list.map(
        (
          row,
        ) => h`<tr><td><a href="${staffPaths.leads}/${encodeURIComponent(row.submission_id)}">${row.submission_id}</a> ${t[row.kind]}<br>${when(row.created_at, locale, firmTimeZone)}</td>
        <td>${row.failed_at ? t.dead : t.failing}</td><td>${row.attempts}</td><td>${shown(row.last_error)}</td>
        <td><form method="post" action="${staffPaths.redeliver}">${csrfField(csrf)}<input type="hidden" name="destination" value="${destination}"><input type="hidden" name="id" value="${row.submission_id}"><button class="secondary">${t.redeliver}</button></form></td></tr>`,
      )}</tbody></table></div></section>`,
    );
    const notice = c.req.query("queued") ? fill(t.queued, { count: c.req.query("queued")! }) : undefined;
    return c.html(page(context, t.deliveries, sections.length ? h`${sections}` : h`<p>${t.allDelivered}</p>`, notice));
  });

  app.post(staffPaths.redeliver, async (c) => {
    const form = await c.req.parseBody({ all: true });
    const destination = formValue(form, "destination");
    if (!deps.destinations.includes(destination)) return c.text("No such destination", 400);
    const one = formValue(form, "id");
    const ids = one
      ? [one]
      : (await troubled(db)).filter((row) => row.destination === destination).map((row) => row.submission_id);
    const accepted = await db
      .selectFrom("submissions")
      .select("id")
      .where("id", "in", ids.length ? ids : [""])
      .where("status", "=", "accepted")
      .execute();
    const at = deps.now().toISOString();
    for (const { id } of accepted) await redeliver(db, id, [destination], at);
    await audit(
      db,
      {
        userId: c.get("session").user.id,
        action: "redeliver",
        submissionIds: accepted.map((r) => r.id),
        detail: destination,
      },
      deps.now(),
    );
    return c.redirect(`${staffPaths.deliveries}?queued=${accepted.length}`, 303);
  });
}

/** Export: the form, and the file of the leads since a date. */
function exportRoutes(app: StaffApp, deps: OperationDeps): void {
  const { db } = deps.store;
  app.get(staffPaths.exportPage, (c) => {
    const context = c.get("context");
    const { t } = context;
    const since = new Date(deps.now().getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
    return c.html(
      page(
        context,
        t.export,
        h`<p>${fill(t.exportIntro, { zone: firmTimeZone })}</p>
        <form method="get" action="${staffPaths.exportFile}" class="filters">
        <label>${t.since}<input type="date" name="since" value="${since}" required></label>
        <label>${t.format}<select name="format"><option value="csv">CSV (Excel)</option><option value="json">JSON</option></select></label>
        <button>${t.download}</button></form>`,
      ),
    );
  });

  app.get(staffPaths.exportFile, async (c) => {
    const since = c.req.query("since") ?? "";
    const format = c.req.query("format") === "json" ? "json" : "csv";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(since)) return c.text("Choose a date", 400);
    const rows = await db
      .selectFrom("submissions")
      .selectAll()
      .where("created_at", ">=", since)
      .orderBy("created_at")
      .execute();
    await audit(
      db,
      { userId: c.get("session").user.id, action: "export", submissionIds: rows.map((r) => r.id), detail: format },
      deps.now(),
    );
    const text = exportText(rows, format, format === "csv" ? { timeZone: firmTimeZone } : undefined);
    return c.body(text, 200, {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-since-${since}.${format}"`,
    });
  });
}

/** Health: what /readyz says, and taking a backup now. */
function healthRoutes(app: StaffApp, deps: OperationDeps): void {
  const { db } = deps.store;
  app.get(staffPaths.health, async (c) => {
    const context = c.get("context");
    const { t, locale, csrf } = context;
    const readiness = (await (await deps.readiness()).json()) as Readiness;
    const destinations = Object.entries(readiness.outbox?.destinations ?? {});
    const backup = readiness.backup;
    const notice =
      c.req.query("backup") === "ok"
        ? t.backupDone
        : c.req.query("backup") === "failed"
          ? fill(t.backupFailed, { error: c.req.query("error") ?? "" })
          : undefined;
    const body = h`<dl><dt>${t.status}</dt><dd>${readiness.ok ? t.ready : t.notReady}</dd><dt>${t.store}</dt><dd>${readiness.store}</dd></dl>
    <h2>${t.deliveries}</h2>${
      destinations.length
        ? h`<div class="scroll"><table><thead><tr><th scope="col">${t.destination}</th><th scope="col">${t.pending}</th><th scope="col">${t.failing}</th><th scope="col">${t.dead}</th><th scope="col">${t.oldestPending}</th></tr></thead><tbody>${destinations.map(
            ([name, d]) =>
              h`<tr><td>${name}</td><td>${d.pending}</td><td>${d.failing}</td><td>${d.deadLettered}</td><td>${d.oldestPendingSeconds === null ? "—" : duration(d.oldestPendingSeconds, t)}</td></tr>`,
          )}</tbody></table></div>`
        : h`<p>${t.allDelivered}</p>`
    }
    <h2>${t.lastBackup}</h2>${
      deps.backup
        ? h`${backup ? h`<dl><dt>${t.date}</dt><dd>${when(backup.at, locale, firmTimeZone)}${backup.ok ? "" : ` — ${backup.error ?? ""}`}</dd><dt>${t.size}</dt><dd>${backup.bytes === undefined ? "—" : megabytes(backup.bytes)}</dd></dl>` : h`<p>${t.noBackup}</p>`}
        <form method="post" action="${staffPaths.backup}">${csrfField(csrf)}<button>${t.backupNow}</button></form>`
        : h`<p>${t.noBackupDir}</p>`
    }`;
    return c.html(page(context, t.health, body, notice));
  });

  app.post(staffPaths.backup, async (c) => {
    if (!deps.backup) return c.text("No BACKUP_DIR", 400);
    const status = await deps.backup();
    await audit(
      db,
      { userId: c.get("session").user.id, action: "backup", detail: status.ok ? "ok" : "failed" },
      deps.now(),
    );
    return c.redirect(
      `${staffPaths.health}?backup=${status.ok ? "ok" : `failed&error=${encodeURIComponent(status.error ?? "")}`}`,
      303,
    );
  });
}

/** Held for review, Deliveries, Export and Health. */
export function operationPages(deps: OperationDeps): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>();
  heldRoutes(app, deps);
  deliveryRoutes(app, deps);
  exportRoutes(app, deps);
  healthRoutes(app, deps);
  return app;
}
