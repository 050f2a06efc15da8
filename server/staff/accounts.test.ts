import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgBin, startPgCluster } from "../../tests/support/pg-cluster";
import { tempDir } from "../../tests/support/intake";
import { openStore, type Store } from "../intake/store";
import {
  checkInvitation,
  createInvitation,
  createSession,
  endSessions,
  readSession,
  revokeUser,
  sessionIdleMs,
  sessionMaxMs,
  spendInvitation,
} from "./accounts";

const hasPostgres = pgBin("initdb") !== undefined;
const at = (iso: string) => new Date(iso);
const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);

describe.each([
  ["SQLite", false],
  ["PostgreSQL", true],
])("staff accounts on %s", (_name, postgres) => {
  let store: Store;
  let cluster: Awaited<ReturnType<typeof startPgCluster>> | undefined;
  const skip = postgres && !hasPostgres;

  beforeAll(async () => {
    if (skip) return;
    cluster = postgres ? await startPgCluster() : undefined;
    store = await openStore(cluster ? cluster.url : `file:${join(tempDir(), "leads.db")}`);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    cluster?.stop();
  });

  async function person(email: string, now: Date) {
    const { token } = await createInvitation(store.db, { email, role: "staff", invitedBy: null }, now);
    const check = await checkInvitation(store.db, token, now);
    if (!check.ok) throw new Error(check.reason);
    const id = await spendInvitation(store.db, check.id, now);
    if (!id) throw new Error("not spent");
    return id;
  }

  it.skipIf(skip)("an invitation works once, within 24 hours", async () => {
    const sent = at("2026-03-01T10:00:00Z");
    const { token } = await createInvitation(
      store.db,
      { email: "Ana@Example.com", role: "admin", invitedBy: null },
      sent,
    );
    const first = await checkInvitation(store.db, token, minutes(sent, 24 * 60 - 1));
    expect(first).toMatchObject({ ok: true, email: "ana@example.com", role: "admin" });
    expect(await checkInvitation(store.db, token, minutes(sent, 24 * 60))).toEqual({ ok: false, reason: "expired" });
    if (!first.ok) return;
    // Spent after its 24 hours: refused even by the spending itself.
    expect(await spendInvitation(store.db, first.id, minutes(sent, 24 * 60 + 1))).toBeUndefined();
    const userId = await spendInvitation(store.db, first.id, minutes(sent, 60));
    expect(userId).toBeDefined();
    expect(await spendInvitation(store.db, first.id, minutes(sent, 61))).toBeUndefined();
    expect(await checkInvitation(store.db, token, minutes(sent, 62))).toEqual({ ok: false, reason: "used" });
    expect(await checkInvitation(store.db, "made-up", sent)).toEqual({ ok: false, reason: "unknown" });
  });

  it.skipIf(skip)("a session ends after 30 idle minutes, and after 12 hours however busy", async () => {
    const start = at("2026-03-02T08:00:00Z");
    const userId = await person("idle@example.com", start);
    const idle = await createSession(store.db, userId, start);
    expect(await readSession(store.db, idle.token, minutes(start, 29))).toBeDefined();
    // Used at 29 minutes: idle time runs from there.
    expect(await readSession(store.db, idle.token, minutes(start, 58))).toBeDefined();
    expect(await readSession(store.db, idle.token, minutes(start, 58 + sessionIdleMs / 60_000))).toBeUndefined();
    // Gone for good, even if asked earlier again.
    expect(await readSession(store.db, idle.token, minutes(start, 59))).toBeUndefined();

    const busy = await createSession(store.db, userId, start);
    let now = start;
    for (let used = 0; used < sessionMaxMs / 60_000 - 20; used += 20) {
      now = minutes(start, used);
      expect(await readSession(store.db, busy.token, now)).toBeDefined();
    }
    expect(await readSession(store.db, busy.token, minutes(start, sessionMaxMs / 60_000))).toBeUndefined();
  });

  it.skipIf(skip)("a revoked person's sessions end, and a new invitation lets them back", async () => {
    const now = at("2026-03-03T08:00:00Z");
    const userId = await person("gone@example.com", now);
    const session = await createSession(store.db, userId, now);
    await revokeUser(store.db, userId, minutes(now, 1));
    expect(await readSession(store.db, session.token, minutes(now, 2))).toBeUndefined();
    const fresh = await createSession(store.db, userId, minutes(now, 2));
    expect(await readSession(store.db, fresh.token, minutes(now, 3))).toBeUndefined();
    expect(await person("gone@example.com", minutes(now, 4))).toBe(userId);
    const back = await createSession(store.db, userId, minutes(now, 5));
    expect((await readSession(store.db, back.token, minutes(now, 6)))?.user.email).toBe("gone@example.com");
    await endSessions(store.db);
    expect(await readSession(store.db, back.token, minutes(now, 7))).toBeUndefined();
  });
});
