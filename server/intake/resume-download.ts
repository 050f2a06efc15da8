import { Hono } from "hono";
import { apiPaths } from "../../core/site-paths";
import { securityEvent } from "../log";
import type { DestinationConfig } from "./destinations";
import { headerSafe } from "./mail";
import { readStoredResume } from "./resume-files";
import type { Store } from "./store";
import { checkResumeLink } from "./webhook";

/**
 * The resume behind a webhook's signed link: the bytes only for a link that is signed with that
 * destination's secret and not expired; every other request gets the same 404.
 */
export function resumeDownload(store: Store, destinations: readonly DestinationConfig[], now: () => Date): Hono {
  const app = new Hono();
  const secretOf = (name: string) => {
    const destination = destinations.find((d) => d.name === name);
    return destination?.kind === "webhook" ? destination.secret : undefined;
  };
  app.get(`${apiPaths.resumes}/:id`, async (c) => {
    const id = c.req.param("id");
    const notFound = () => {
      securityEvent("resume-link-refused", { route: apiPaths.resumes, status: 404 });
      return c.json({ ok: false, error: "Not found" }, 404);
    };
    if (!checkResumeLink(id, c.req.query(), secretOf, now())) return notFound();
    const row = await store.db
      .selectFrom("submissions")
      .select(["resume", "resume_file", "resume_name", "resume_type"])
      .where("id", "=", id)
      .executeTakeFirst();
    const bytes = row?.resume_name ? await readStoredResume(store, row).catch(() => null) : null;
    if (!row?.resume_name || !bytes) return notFound();
    const name = headerSafe(row.resume_name).replace(/["\\]/g, "_");
    return c.body(new Uint8Array(bytes), 200, {
      "Content-Type": row.resume_type ?? "application/octet-stream",
      "Content-Disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    });
  });
  return app;
}
