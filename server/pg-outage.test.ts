import { spawn, type ChildProcess } from "node:child_process";
import { renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { messages } from "../core/i18n";
import { pgBin, startPgCluster, type PgCluster } from "../tests/support/pg-cluster";
import { startSmtp, tempDir, validLead, waitFor, type TestSmtp } from "../tests/support/intake";
import { tinySite } from "../tests/support/tiny-site";

// The operator's replay of a PostgreSQL restart, against the real server (server/main.ts) in its
// own process: a process that dies shows as an exit code here, not as a failed assertion inside.

const skip = !pgBin("initdb");
const generous = 60_000;

/** A build folder main.ts can serve: a few pages and their (empty) CSP hashes. */
function buildDir(): string {
  const dir = tempDir("lfh-build-");
  renameSync(tinySite(), join(dir, "client"));
  writeFileSync(join(dir, "csp-hashes.json"), "{}");
  return dir;
}

interface Server {
  url: string;
  child: ChildProcess;
  /** Every log line so far. */
  lines: () => string[];
  /** The exit code once it exited, or null while it runs. */
  exited: () => number | null;
  stop(): void;
}

function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", join(dirname(fileURLToPath(import.meta.url)), "main.ts")], {
    env: {
      ...process.env,
      BUILD_DIR: buildDir(),
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "",
      RATE_LIMIT_PER_MINUTE: "100000",
      UPLOAD_SHED_LOAD: "off",
      MAIL_DIR: join(tempDir(), "mail"),
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  let code: number | null = null;
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.on("exit", (exitCode, signal) => (code = exitCode ?? (signal ? 128 : 1)));
  const server = (port: string): Server => ({
    url: `http://127.0.0.1:${port}`,
    child,
    lines: () => out.split("\n").filter(Boolean),
    exited: () => code,
    stop: () => void child.kill("SIGKILL"),
  });
  return new Promise((resolve, reject) => {
    const check = setInterval(() => {
      const port = /"event":"listening".*?"port":(\d+)/.exec(out)?.[1];
      if (port) resolve(server(port));
      else if (code !== null) reject(new Error(`The server exited ${code} before listening:\n${out}`));
      else return;
      clearInterval(check);
    }, 50);
  });
}

/** Waits for `check`, failing at once with the exit code if the server process died meanwhile. */
function waitWhileUp(server: Server, check: () => boolean | Promise<boolean>): Promise<void> {
  return waitFor(async () => {
    const code = server.exited();
    if (code !== null) throw new Error(`The server process exited with code ${code}`);
    return check();
  }, generous);
}

/** Connections to the database the server saw end under it (each is logged once). */
function lostConnections(server: Server): number {
  return server.lines().filter((line) => line.includes('"event":"store.connection_lost"')).length;
}

/** Sends one lead; its status, its id when stored, and Retry-After. */
async function postLead(server: Server, name: string) {
  const response = await fetch(`${server.url}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ ...validLead, name }),
  });
  const body = (await response.json().catch(() => ({}))) as { id?: string };
  return { status: response.status, id: body.id, retryAfter: response.headers.get("retry-after") };
}

/** The readiness answer; status 0 when the server did not answer at all. */
async function readyz(server: Server) {
  const response = await fetch(`${server.url}/readyz`).catch(() => undefined);
  if (!response) return { status: 0, body: undefined };
  return { status: response.status, body: (await response.json()) as { ok: boolean; store: string } };
}

/**
 * Leads and page views, one after another each, until `stop()`: what a visitor sees throughout.
 * Anything but a page's 200, a lead's 201, or a lead's 503 with Retry-After, is kept as a failure.
 */
function visitors(server: Server) {
  const accepted: string[] = [];
  const refused: number[] = [];
  const failures: string[] = [];
  let pages = 0;
  let running = true;
  const leads = (async () => {
    for (let n = 0; running; n++) {
      const answer = await postLead(server, `Visitor ${n}`).catch((error: Error) => ({
        status: 0,
        id: undefined,
        retryAfter: error.message,
      }));
      if (answer.status === 201 && answer.id) accepted.push(answer.id);
      else if (answer.status === 503 && Number(answer.retryAfter) > 0) refused.push(n);
      else failures.push(`lead ${n}: ${answer.status} ${answer.retryAfter ?? ""}`);
    }
  })();
  const views = (async () => {
    while (running) {
      const status = await fetch(`${server.url}/contact`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) pages += 1;
      else failures.push(`page: ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    accepted,
    refused,
    failures,
    pages: () => pages,
    async stop() {
      running = false;
      await Promise.all([leads, views]);
    },
  };
}

/** The Message-IDs the mail server received, each as often as it arrived. */
function messageIds(smtp: TestSmtp): string[] {
  return smtp.received.map(
    (message) => /^Message-ID:\s*(\S+)/im.exec(message.raw.replace(/\r?\n[ \t]+/g, " "))?.[1] ?? "none",
  );
}

/** Every lead answered 201 is stored, and reached the firm's inbox exactly once. */
async function expectEachDeliveredOnce(cluster: PgCluster, smtp: TestSmtp, accepted: readonly string[]) {
  const client = new pg.Client(cluster.url);
  await client.connect();
  try {
    const stored = await client.query<{ id: string }>("select id from submissions where id = any($1)", [accepted]);
    expect(stored.rows.map((row) => row.id).sort()).toEqual([...accepted].sort());
  } finally {
    await client.end();
  }
  const leadId = (id: string) => messageIds(smtp).filter((messageId) => messageId.startsWith(`<lead-${id}@`));
  await waitFor(() => accepted.every((id) => leadId(id).length > 0), generous);
  // A few more outbox rounds (it polls every second): nothing is sent a second time.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const ids = messageIds(smtp);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of accepted) expect(leadId(id)).toHaveLength(1);
}

describe.skipIf(skip)("PostgreSQL going away under the running server", () => {
  let cluster: PgCluster | undefined;
  let server: Server | undefined;
  let smtp: TestSmtp | undefined;
  afterEach(async () => {
    server?.stop();
    cluster?.stop();
    await smtp?.close();
    server = cluster = smtp = undefined;
  });

  async function start() {
    cluster = await startPgCluster();
    smtp = await startSmtp();
    server = await startServer({ DATABASE_URL: cluster.url, SMTP_URL: smtp.url });
    await waitWhileUp(server, async () => (await readyz(server!)).status === 200);
    return { cluster, smtp, server };
  }

  /** Lets visitors come until the store took leads again after the trouble, then stops them. */
  async function untilRecovered(server: Server, crowd: ReturnType<typeof visitors>) {
    const before = crowd.accepted.length;
    await waitWhileUp(server, async () => (await readyz(server)).status === 200);
    await waitWhileUp(server, () => crowd.accepted.length >= before + 5);
    await crowd.stop();
  }

  it("pg_ctl restart -m fast while leads arrive: pages stay up, posts get 201 or 503, each lead is mailed once", async () => {
    const { cluster, smtp, server } = await start();
    const crowd = visitors(server);
    await waitWhileUp(server, () => crowd.accepted.length >= 5);
    // Mail under way when the database goes: the mail server answers only after the restart.
    smtp.state.hold = true;
    await waitWhileUp(server, () => crowd.accepted.length >= 10);
    await cluster.restart();
    smtp.state.hold = false;
    smtp.release();
    await untilRecovered(server, crowd);

    expect(server.exited()).toBeNull();
    expect(lostConnections(server)).toBeGreaterThan(0);
    expect(crowd.failures).toEqual([]);
    expect(crowd.pages()).toBeGreaterThan(0);
    await expectEachDeliveredOnce(cluster, smtp, crowd.accepted);
  }, 180_000);

  it("pg_terminate_backend on the app's connections: the server carries on and takes leads again", async () => {
    const { cluster, smtp, server } = await start();
    const crowd = visitors(server);
    const admin = new pg.Client(cluster.url);
    await admin.connect();
    try {
      for (let round = 0; round < 3; round++) {
        await waitWhileUp(server, () => crowd.accepted.length >= 5 * (round + 1));
        const ended = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()",
        );
        expect(ended.rowCount).toBeGreaterThan(0);
      }
    } finally {
      await admin.end();
    }
    await untilRecovered(server, crowd);

    expect(server.exited()).toBeNull();
    expect(lostConnections(server)).toBeGreaterThan(0);
    expect(crowd.failures).toEqual([]);
    expect(crowd.pages()).toBeGreaterThan(0);
    await expectEachDeliveredOnce(cluster, smtp, crowd.accepted);
  }, 180_000);

  it("a mail the server took while the database was away is marked sent when it returns, not sent again", async () => {
    const { cluster, smtp, server } = await start();
    smtp.state.hold = true;
    const lead = await postLead(server, "Held Visitor");
    expect(lead.status).toBe(201);
    await waitWhileUp(server, () => smtp.held() === 1);
    await cluster.shutDown();
    smtp.state.hold = false;
    smtp.release();
    await waitWhileUp(server, () => server.lines().some((line) => line.includes('"event":"outbox.mark_deferred"')));
    await cluster.startUp();
    await waitWhileUp(server, () => server.lines().some((line) => line.includes('"event":"outbox.marked_late"')));

    expect(server.exited()).toBeNull();
    await expectEachDeliveredOnce(cluster, smtp, [lead.id!]);
  }, 180_000);

  it("a database down at start-up: pages are served, /readyz and the forms say 503, and it connects when the database appears", async () => {
    cluster = await startPgCluster();
    await cluster.shutDown();
    smtp = await startSmtp();
    server = await startServer({ DATABASE_URL: cluster.url, SMTP_URL: smtp.url, PURGE_AFTER_DAYS: "30" });

    expect((await fetch(`${server.url}/contact`)).status).toBe(200);
    expect(await readyz(server)).toEqual({ status: 503, body: { ok: false, store: "unreachable" } });
    const refused = await postLead(server, "Early Visitor");
    expect(refused.status).toBe(503);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Without JavaScript the form posts itself and gets the result page, in the visitor's language.
    const noScript = await fetch(`${server.url}/api/leads`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: new URLSearchParams({ ...validLead, consent: "on", locale: "es", page: "/es/contacto" }),
    });
    expect(noScript.status).toBe(503);
    expect(noScript.headers.get("retry-after")).toBeTruthy();
    expect(noScript.headers.get("content-type")).toContain("text/html");
    expect(await noScript.text()).toContain(messages("es").result.busy);
    // The daily purge's first run (a second after start) and the outbox's polls meet the same.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(server.exited()).toBeNull();

    await cluster.startUp();
    await waitWhileUp(server, async () => (await readyz(server!)).status === 200);
    const lead = await postLead(server, "Later Visitor");
    expect(lead.status).toBe(201);
    expect(server.exited()).toBeNull();
    await expectEachDeliveredOnce(cluster, smtp, [lead.id!]);
  }, 180_000);
});
