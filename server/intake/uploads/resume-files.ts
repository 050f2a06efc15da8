import { randomUUID } from "node:crypto";
import { mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { openBytesInTurns, sealBytesInTurns, type Keyring } from "../at-rest";
import type { NewSubmission, Store, Submission } from "../store";

/** The store holds as many resume bytes as it may: the application is refused, not the disk filled. */
export class ResumeStorageFullError extends Error {
  constructor() {
    super("Resume storage is full");
  }
}

/**
 * The resume byte budget of this process (UPLOAD_STORAGE_MB). A reservation is checked and taken
 * in one synchronous step after the stored total is known, so concurrent uploads can never
 * together pass the cap; a reservation whose submission is not stored is given back.
 */
export function createResumeBudget(capBytes: number, storedBytes: () => Promise<number>) {
  let used = 0;
  let loaded: Promise<void> | undefined;
  return {
    async reserve(bytes: number): Promise<boolean> {
      loaded ??= storedBytes().then(
        (stored) => {
          used += stored;
        },
        (error: unknown) => {
          loaded = undefined;
          throw error;
        },
      );
      await loaded;
      if (used + bytes > capBytes) return false;
      used += bytes;
      return true;
    },
    /** Bytes no longer held: a failed store, or a purge. */
    release(bytes: number): void {
      used = Math.max(0, used - bytes);
    },
    used: () => used,
  };
}
export type ResumeBudget = ReturnType<typeof createResumeBudget>;

/**
 * Keeps a submission's resume within the budget and, on SQLite (`resumeDir`), in a file of its
 * own written off the event loop (0600, in a 0700 folder; the row names it). On PostgreSQL the
 * bytes stay in the row: the driver sends them without blocking (and the store seals them as it
 * inserts the row). With a `keyring` the file holds the bytes sealed. Resolves with what to insert
 * and how to undo it if the insert fails.
 */
export async function keepResume(
  submission: NewSubmission,
  budget: ResumeBudget,
  resumeDir: string | undefined,
  keyring?: Keyring,
): Promise<{ submission: NewSubmission; undo(): Promise<void> }> {
  const bytes = submission.resume;
  // Every row names the same columns, so a batch of leads and applications is one insert.
  if (!bytes)
    return { submission: { resume_file: null, resume_size: null, ...submission }, undo: () => Promise.resolve() };
  if (!(await budget.reserve(bytes.length))) throw new ResumeStorageFullError();
  const release = () => budget.release(bytes.length);
  if (!resumeDir) {
    // Sealed here, in turns, rather than all at once by the store as it inserts the row.
    const resume = keyring ? await sealBytesInTurns(keyring.current, "resume", Buffer.from(bytes)) : bytes;
    return { submission: { ...submission, resume, resume_size: bytes.length }, undo: () => Promise.resolve(release()) };
  }
  const extension = /\.(pdf|docx?)$/.exec(submission.resume_name ?? "")?.[1] ?? "bin";
  const file = `${randomUUID()}.${extension}`;
  const path = join(resumeDir, file);
  try {
    await mkdir(resumeDir, { recursive: true, mode: 0o700 });
    const written = keyring ? await sealBytesInTurns(keyring.current, "resume", Buffer.from(bytes)) : bytes;
    await writeFile(path, written, { mode: 0o600, flag: "wx" });
  } catch (error) {
    release();
    throw error;
  }
  return {
    submission: { ...submission, resume: null, resume_file: file, resume_size: bytes.length },
    async undo() {
      release();
      await unlink(path).catch(() => undefined);
    },
  };
}

/** A resume file's bytes as they were sent (opened with the store's keys if it is sealed). */
export async function readResumeFile(resumeDir: string, file: string, keyring: Keyring | undefined): Promise<Buffer> {
  return openBytesInTurns(keyring, "resume", await readFile(join(resumeDir, file)));
}

/** A stored resume's bytes, from its row or its file. */
export async function readStoredResume(
  store: Pick<Store, "resumeDir" | "keyring">,
  row: Pick<Submission, "resume" | "resume_file">,
): Promise<Buffer | null> {
  if (row.resume) return Buffer.from(row.resume);
  if (!row.resume_file || !store.resumeDir) return null;
  return readResumeFile(store.resumeDir, row.resume_file, store.keyring);
}
