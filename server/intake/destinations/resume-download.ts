import { open, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { Hono } from "hono";
import { apiPaths } from "../../../core/site-paths";
import { securityEvent } from "../../log";
import type { DestinationConfig } from "./destinations";
import { headerSafe } from "./mail";
import { readResumeFile } from "../uploads/index";
import type { Store } from "../store";
import { checkResumeLink } from "./webhook";

/**
 * Downloads sent at once. A receiver fetches each link once; a link is a bearer's key, and a
 * holder that asked for it over and over on connections it never read had every answer in memory
 * at once (128 connections of 8 requests each: 4.5 GB, the event loop held for 660 ms).
 */
export const maxDownloads = 8;
/** The resume is sent in pieces of this size, read as the connection takes them. */
const pieceBytes = 64 * 1024;

/** Reads `length` bytes at `position` into the piece given (fewer at the end of what there is). */
type ReadAt = (piece: Buffer, position: number) => Promise<number>;

/**
 * The bytes of a resume read as they are sent, at most a piece ahead; `done` runs once, when they
 * are sent, the download is cancelled or reading fails.
 */
function piecewise(size: number, readAt: ReadAt, done: () => Promise<void> | void): ReadableStream<Uint8Array> {
  let position = 0;
  let finished = false;
  const finish = async () => {
    if (finished) return;
    finished = true;
    await done();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const piece = Buffer.alloc(Math.min(pieceBytes, size - position));
        const read = piece.length ? await readAt(piece, position) : 0;
        position += read;
        if (read > 0) controller.enqueue(piece.subarray(0, read));
        if (read === 0 || position >= size) {
          await finish();
          controller.close();
        }
      } catch (error) {
        await finish();
        controller.error(error);
      }
    },
    cancel: finish,
  });
}

/**
 * The resume behind a webhook's signed link: the bytes only for an accepted application and a link
 * signed with the server's link key for a configured webhook destination, not expired and expiring
 * no later than RESUME_LINK_HOURS from now; every other request gets the same 404. At most
 * `maxDownloads` are sent at once (more: 503 and Retry-After), each read from its file as the
 * connection takes it.
 */
export function resumeDownload(
  store: Store,
  destinations: readonly DestinationConfig[],
  link: { key: () => Promise<Buffer>; maxHours: number },
  now: () => Date,
): Hono {
  const app = new Hono();
  const check = {
    maxHours: link.maxHours,
    isDestination: (name: string) => destinations.some((d) => d.kind === "webhook" && d.name === name),
  };
  let downloads = 0;
  app.get(`${apiPaths.resumes}/:id`, async (c) => {
    const id = c.req.param("id");
    const notFound = () => {
      securityEvent("resume-link-refused", { route: apiPaths.resumes, status: 404 });
      return c.json({ ok: false, error: "Not found" }, 404);
    };
    // The key is in the store: a store that cannot be reached answers 503, as any other read does.
    if (!checkResumeLink(id, c.req.query(), { ...check, key: await link.key() }, now())) return notFound();
    if (downloads >= maxDownloads) {
      securityEvent("resume-downloads-busy", { route: apiPaths.resumes, status: 503 });
      return c.json({ ok: false, error: "Busy, try again shortly" }, 503, { "Retry-After": "5" });
    }
    // The place is taken before anything is read, and given back when the answer has no body to
    // send or its body has been sent (or given up).
    downloads += 1;
    let handle: FileHandle | null = null;
    const release = async () => {
      downloads -= 1;
      await handle?.close().catch(() => undefined);
    };
    let sending = false;
    try {
      const row = await store.db
        .selectFrom("submissions")
        .select(["resume", "resume_file", "resume_name", "resume_type"])
        .where("id", "=", id)
        // Held for review or taken for spam: not sent, whatever the link says.
        .where("status", "=", "accepted")
        .executeTakeFirst();
      if (!row?.resume_name) return notFound();
      // A resume on PostgreSQL (or stored before resumes were kept as files) is in the row itself;
      // a sealed file is read whole and opened (at most `maxDownloads` of them in memory).
      const stored =
        row.resume ??
        (row.resume_file && store.resumeDir && store.keyring
          ? await readResumeFile(store.resumeDir, row.resume_file, store.keyring).catch(() => null)
          : null);
      if (!stored) {
        if (store.keyring) return notFound();
        const path = row.resume_file && store.resumeDir ? join(store.resumeDir, row.resume_file) : undefined;
        handle = path ? await open(path).catch(() => null) : null;
        if (!handle) return notFound();
      }
      const size = stored ? stored.length : (await handle!.stat()).size;
      const name = headerSafe(row.resume_name).replace(/["\\]/g, "_");
      const headers = {
        "Content-Type": row.resume_type ?? "application/octet-stream",
        "Content-Disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        "Content-Length": String(size),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "no-store",
      };
      if (c.req.method === "HEAD") return c.body(null, 200, headers);
      const file = handle;
      const readAt: ReadAt = file
        ? async (piece, position) => (await file.read(piece, 0, piece.length, position)).bytesRead
        : (piece, position) => Promise.resolve(stored!.copy(piece, 0, position, position + piece.length));
      sending = true;
      return c.body(piecewise(size, readAt, release), 200, headers);
    } finally {
      if (!sending) await release();
    }
  });
  return app;
}
