// Leads and job applications posted to a real intake server while the firm's operator works on
// its store (a backup), and what a store holds of them afterwards.
import { main } from "../../server/backup-cli";
import { readStoredResume } from "../../server/intake/uploads/resume-files";
import { openStore } from "../../server/intake/store";
import { pdfBytes } from "./files";
import { applicationForm, serveIntakeProcess, validLead } from "./intake";

/**
 * Leads (two loops) and job applications with a resume of their own (one loop: the server reads
 * one upload per client at a time) posted until stopped.
 */
export function startTraffic(port: number) {
  /** Each acknowledged submission's id, and the resume it carried. */
  const acked = new Map<string, Buffer | null>();
  let stopped = false;
  let n = 0;
  async function post(withResume: boolean): Promise<void> {
    const i = (n += 1);
    const resume = withResume
      ? Buffer.concat([pdfBytes(), Buffer.from(`% applicant ${i} ${"x".repeat(i * 37)}`)])
      : null;
    const response = resume
      ? await fetch(`http://127.0.0.1:${port}/api/careers`, {
          method: "POST",
          body: applicationForm(new File([resume], `cv-${i}.pdf`, { type: "application/pdf" }), {
            fullName: `Applicant ${i}`,
          }),
        })
      : await fetch(`http://127.0.0.1:${port}/api/leads`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...validLead, name: `Client ${i}` }),
        });
    const answer = (await response.json()) as { id?: string };
    if (response.status === 201 && answer.id) acked.set(answer.id, resume);
  }
  const workers = [false, false, true].map(async (withResume) => {
    // A post cut off by the server's stop is not acknowledged, so not counted.
    while (!stopped) {
      await post(withResume).catch(() => undefined);
      // Leads come a moment apart, as from visitors: the server reads an upload in a pause
      // between posts, and back-to-back leads would hold the applications back for seconds.
      if (!withResume) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  return {
    acked,
    resumes: () => [...acked.values()].filter(Boolean).length,
    /** Stops posting; `server.stop` is called first, so no post waits on an answer. */
    async stop(server: { stop(): void }) {
      stopped = true;
      server.stop();
      await Promise.all(workers);
    },
  };
}

/**
 * Which of `ids` the store at `databaseUrl` holds, with their resumes, read while an intake server
 * started on it (`env`) answers /readyz.
 */
export async function foundIn(env: Record<string, string>, ids: Iterable<string>) {
  const server = await serveIntakeProcess(env);
  try {
    const ready = await fetch(`http://127.0.0.1:${server.port}/readyz`);
    if (ready.status !== 200) throw new Error(`The server on the restored store is not ready (${ready.status})`);
    const store = await openStore(env.DATABASE_URL!, { busyTimeoutMs: 5000 });
    try {
      const found = new Map<string, Buffer | null>();
      for (const id of ids) {
        const row = await store.db.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirst();
        if (row) found.set(id, await readStoredResume(store, row));
      }
      return found;
    } finally {
      await store.close();
    }
  } finally {
    server.stop();
  }
}

/** `npm run backup` / `npm run restore` with `env`: the exit code and what it printed. */
export async function backupCli(argv: string[], env: Record<string, string>) {
  let out = "";
  const code = await main(argv, { env, out: (t) => (out += t), err: (t) => (out += t) });
  return { code, out };
}
