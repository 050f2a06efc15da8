// server/backup-cli.ts
import { resolve as resolve2 } from "node:path";
import { parseArgs } from "node:util";

// server/backup.ts
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import pg2 from "pg";

// server/intake/store.ts
import SQLite from "better-sqlite3";
import {
  sql,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect
} from "kysely";
import pg from "pg";

// core/firm.generated.ts
var firmData = {
  "name": "Lara Fuentes & Hale, PLLC",
  "shortName": "LFH Immigration Law",
  "siteName": "LFH Immigration Law",
  "defaultSiteUrl": "https://www.lfh-immigration.example",
  "email": "info@lfh-immigration.example",
  "careersEmail": "careers@lfh-immigration.example",
  "accessibilityEmail": "accessibility@lfh-immigration.example",
  "privacyEmail": "privacy@lfh-immigration.example",
  "phone": "(281) 555-0142",
  "exitPopupPhone": "(832) 555-0199",
  "messagingNumber": "12815550142",
  "paymentUrl": "https://payments.lfh-immigration.example/pay",
  "cardPaymentUrl": "https://payments.lfh-immigration.example/card",
  "bookingUrl": "https://booking.lfh-immigration.example/consultation",
  "recaptchaSiteKey": "6LcSampleKeyForLfhImmigrationExample000000",
  "analyticsId": "",
  "videoApiKey": "",
  "videoChannelId": "UClfhImmigrationSample",
  "agency": {
    "name": "Northwind Web Studio",
    "url": "https://northwind.example"
  },
  "foundedYear": 2010,
  "stats": {
    "cases": "500+",
    "years": "15+",
    "consultationMinutes": 60,
    "responseHours": 24
  },
  "responsibleAttorney": "daniela-lara",
  "hours": {
    "days": [
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday"
    ],
    "opens": "09:00",
    "closes": "18:00"
  },
  "priceRange": "$$",
  "social": {
    "facebook": "https://www.facebook.example/lfhimmigration",
    "youtube": "https://www.youtube.example/@lfhimmigration",
    "instagram": "https://www.instagram.example/lfhimmigration",
    "linkedin": "https://www.linkedin.example/company/lfhimmigration"
  },
  "jurisdiction": "Montgomery County, Texas"
};
var officeData = [
  {
    "id": "shenandoah",
    "choice": "woodlands",
    "city": "The Woodlands",
    "label": {
      "en": "The Woodlands (Main Office)",
      "es": "The Woodlands (Oficina principal)"
    },
    "street": "19221 Interstate 45 South, Suite 400",
    "locality": "Shenandoah",
    "postalCode": "77385",
    "isHQ": true,
    "latitude": 30.1797,
    "longitude": -95.4557
  },
  {
    "id": "houston",
    "choice": "houston",
    "city": "Houston",
    "label": {
      "en": "Houston",
      "es": "Houston"
    },
    "street": "1001 Texas Avenue, Suite 1200",
    "locality": "Houston",
    "postalCode": "77002",
    "isHQ": false,
    "latitude": 29.7589,
    "longitude": -95.3626
  },
  {
    "id": "katy",
    "choice": "katy",
    "city": "Katy",
    "label": {
      "en": "Katy",
      "es": "Katy"
    },
    "street": "23501 Cinco Ranch Boulevard, Suite 210",
    "locality": "Katy",
    "postalCode": "77494",
    "isHQ": false,
    "latitude": 29.7369,
    "longitude": -95.7713
  },
  {
    "id": "irving",
    "choice": "irving",
    "city": "Irving",
    "label": {
      "en": "Irving (Dallas\u2013Fort Worth)",
      "es": "Irving (Dallas\u2013Fort Worth)"
    },
    "street": "5215 North O'Connor Boulevard, Suite 1500",
    "locality": "Irving",
    "postalCode": "75039",
    "isHQ": false,
    "latitude": 32.875,
    "longitude": -96.942
  }
];

// core/firm.ts
var firm = firmData;
var officeIds = officeData.map((office) => office.id);
function mapsUrl(query) {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
var offices = officeData.map((office) => ({
  ...office,
  region: "TX",
  phone: firm.phone,
  image: `/images/office-${office.choice}`,
  mapsUrl: mapsUrl(`${office.street}, ${office.locality}, TX ${office.postalCode}`)
}));
var officeChoices = [...offices].sort((a, b) => Number(b.isHQ) - Number(a.isHQ) || a.city.localeCompare(b.city)).map((office) => office.choice);

// core/form-options.ts
var captchaPlaceholder = { unavailable: "RECAPTCHA_UNAVAILABLE", error: "RECAPTCHA_ERROR" };
var captchaPlaceholders = Object.values(captchaPlaceholder);
var limits = {
  nameMax: 120,
  emailMax: 254,
  phoneMax: 40,
  messageMax: 5e3,
  safeContactMax: 300,
  coverLetterMax: 1e4,
  resumeBytes: 5 * 1024 * 1024,
  /** A file name's length in characters: what common file systems allow, far below a slow match. */
  resumeNameMax: 255
};

// server/log.ts
import { AsyncLocalStorage } from "node:async_hooks";
var currentRequest = new AsyncLocalStorage();
function batchedStdout() {
  let pending = [];
  const flush = () => {
    if (!pending.length) return;
    const text = `${pending.join("\n")}
`;
    pending = [];
    process.stdout.write(text);
  };
  process.on("exit", flush);
  return (line) => {
    if (!pending.length) setImmediate(flush).unref();
    pending.push(line);
  };
}
var sink = batchedStdout();

// server/intake/store.ts
function isPostgresUrl(url2) {
  return /^postgres(ql)?:\/\//.test(url2);
}

// server/backup.ts
var manifestName = "manifest.json";
var backupName = /^leads-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;
function sqlitePath(url2) {
  return resolve(url2.replace(/^file:(\/\/)?/, ""));
}
async function sha256(file) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest("hex");
}
async function fileEntry(file) {
  return { bytes: (await stat(file)).size, sha256: await sha256(file) };
}
var sqliteWorker = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
try {
  const source = new Database(workerData.source, { fileMustExist: true });
  source.pragma("busy_timeout = 5000");
  source.prepare("VACUUM INTO ?").run(workerData.target);
  source.close();
  const copy = new Database(workerData.target);
  copy.pragma("journal_mode = DELETE");
  const check = copy.pragma("integrity_check", { simple: true });
  if (check !== "ok") throw new Error("the copy failed its integrity check: " + check);
  const submissions = copy.prepare("select count(*) as n from submissions").get().n;
  const files = copy.prepare("select resume_file as f from submissions where resume_file is not null").all().map((r) => r.f);
  const inRows = copy.prepare("select count(*) as count, coalesce(sum(length(resume)), 0) as bytes from submissions where resume is not null").get();
  copy.close();
  parentPort.postMessage({ submissions, files, inRows });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}`;
function copySqlite(source, target) {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(sqliteWorker, { eval: true, workerData: { driver, source, target } });
    worker.once("message", (answer) => {
      if ("error" in answer) reject(new Error(answer.error));
      else resolvePromise(answer);
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the backup worker stopped (${code})`)));
  });
}
async function backupSqlite(databaseUrl, into) {
  const file = sqlitePath(databaseUrl);
  if (!existsSync(file)) throw new Error(`There is no store at ${file}`);
  const copy = await copySqlite(file, join(into, "leads.db"));
  await chmod(join(into, "leads.db"), 384);
  const resumeDir = join(dirname(file), "resumes");
  await mkdir(join(into, "resumes"), { mode: 448 });
  const files = [];
  const missing = [];
  for (const name of copy.files) {
    const target = join(into, "resumes", name);
    try {
      await copyFile(join(resumeDir, name), target);
    } catch (error) {
      if (error.code !== "ENOENT") throw error;
      missing.push(name);
      continue;
    }
    await chmod(target, 384);
    files.push({ name, ...await fileEntry(target) });
  }
  const fileBytes = files.reduce((sum, f) => sum + f.bytes, 0);
  return {
    format: 1,
    dialect: "sqlite",
    store: { file: "leads.db", ...await fileEntry(join(into, "leads.db")) },
    submissions: copy.submissions,
    resumes: { count: files.length + copy.inRows.count, bytes: fileBytes + copy.inRows.bytes },
    files,
    missing
  };
}
function pgTarget(url2) {
  const parsed = new URL(url2);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), env: { ...process.env, ...password ? { PGPASSWORD: password } : {} } };
}
function runPgTool(tool, args, env) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => stderr = (stderr + chunk.toString()).slice(-2e3));
    child.once("error", (error) => reject(new Error(`${tool} could not be run (${error.message}); is it on PATH?`)));
    child.once(
      "close",
      (code) => code === 0 ? resolvePromise() : reject(new Error(`${tool} failed (${code}): ${stderr.trim()}`))
    );
  });
}
async function pgCounts(client) {
  const { rows } = await client.query(
    "select count(*) as submissions, count(resume) as resumes, coalesce(sum(octet_length(resume)), 0) as bytes from submissions"
  );
  const row = rows[0];
  return { submissions: Number(row.submissions), resumes: { count: Number(row.resumes), bytes: Number(row.bytes) } };
}
async function backupPostgres(databaseUrl, into) {
  const target = pgTarget(databaseUrl);
  const client = new pg2.Client({ connectionString: databaseUrl });
  client.on("error", () => void 0);
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query("select pg_export_snapshot() as id")).rows[0].id;
    const counts = await pgCounts(client);
    const file = join(into, "leads.dump");
    await runPgTool(
      "pg_dump",
      ["--format=custom", `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${target.url}`],
      target.env
    );
    await client.query("commit");
    await chmod(file, 384);
    return {
      format: 1,
      dialect: "postgres",
      store: { file: "leads.dump", ...await fileEntry(file) },
      ...counts,
      files: [],
      missing: []
    };
  } finally {
    await client.end();
  }
}
function backupFolderName(at) {
  return `leads-${at.toISOString().replace(/[:.]/g, "-")}`;
}
async function backupStore(databaseUrl, backupDir, options = {}) {
  const createdAt = (options.now ?? (() => /* @__PURE__ */ new Date()))();
  const name = backupFolderName(createdAt);
  const partial = join(backupDir, `.${name}.partial`);
  await mkdir(backupDir, { recursive: true, mode: 448 });
  await mkdir(partial, { mode: 448 });
  try {
    const body = isPostgresUrl(databaseUrl) ? await backupPostgres(databaseUrl, partial) : await backupSqlite(databaseUrl, partial);
    const manifest = { ...body, createdAt: createdAt.toISOString() };
    await writeFile(join(partial, manifestName), `${JSON.stringify(manifest, null, 2)}
`, { mode: 384 });
    const dir = join(backupDir, name);
    await rename(partial, dir);
    if (options.keep) await pruneBackups(backupDir, options.keep, createdAt);
    return { dir, manifest, bytes: backupBytes(manifest) };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}
function backupBytes(manifest) {
  return manifest.store.bytes + manifest.files.reduce((sum, f) => sum + f.bytes, 0);
}
async function listBackups(backupDir) {
  const names = await readdir(backupDir).catch(() => []);
  return names.filter((name) => backupName.test(name) && existsSync(join(backupDir, name, manifestName))).sort().reverse().map((name) => join(backupDir, name));
}
async function pruneBackups(backupDir, keep, now = /* @__PURE__ */ new Date()) {
  const old = (await listBackups(backupDir)).slice(keep);
  const names = await readdir(backupDir).catch(() => []);
  for (const name of names.filter((n) => n.startsWith(".leads-") && n.endsWith(".partial"))) {
    const dir = join(backupDir, name);
    if (now.getTime() - (await stat(dir)).mtimeMs > 864e5) old.push(dir);
  }
  for (const dir of old) await rm(dir, { recursive: true, force: true });
  return old;
}
async function readManifest(dir) {
  const manifest = JSON.parse(await readFile(join(dir, manifestName), "utf8"));
  if (manifest.format !== 1) throw new Error(`${dir}: not a backup this version can read`);
  return manifest;
}
var TargetNotEmptyError = class extends Error {
};
async function verifyFiles(dir, manifest) {
  const expected = [
    { name: manifest.store.file, ...manifest.store },
    ...manifest.files.map((f) => ({ ...f, name: join("resumes", f.name) }))
  ];
  for (const entry of expected) {
    const path = join(dir, entry.name);
    if (!existsSync(path)) throw new Error(`The backup is incomplete: ${entry.name} is missing`);
    const actual = await fileEntry(path);
    if (actual.bytes !== entry.bytes || actual.sha256 !== entry.sha256)
      throw new Error(`The backup is damaged: ${entry.name} does not match its checksum in ${manifestName}`);
  }
}
function countsMatch(manifest, found) {
  if (found.submissions !== manifest.submissions || found.resumes.count !== manifest.resumes.count)
    throw new Error(
      `The restored store holds ${found.submissions} submission(s) and ${found.resumes.count} resume(s); the backup's manifest lists ${manifest.submissions} and ${manifest.resumes.count}`
    );
}
async function restoreSqlite(dir, manifest, databaseUrl, force) {
  const file = sqlitePath(databaseUrl);
  const resumeDir = join(dirname(file), "resumes");
  const resumes = await readdir(resumeDir).catch(() => []);
  const holds = existsSync(file) && (await stat(file)).size > 0 || resumes.length > 0;
  if (holds && !force)
    throw new TargetNotEmptyError(
      `${file} (or its resumes/ folder) already holds a store; restore into a new folder, or add --force to replace it (stop the server first)`
    );
  await mkdir(dirname(file), { recursive: true, mode: 448 });
  await mkdir(resumeDir, { recursive: true, mode: 448 });
  const named = new Set(manifest.files.map((f) => f.name));
  for (const name of resumes.filter((n) => !named.has(n))) await rm(join(resumeDir, name), { force: true });
  for (const entry of manifest.files) {
    await copyFile(join(dir, "resumes", entry.name), join(resumeDir, entry.name));
    await chmod(join(resumeDir, entry.name), 384);
  }
  const incoming = `${file}.restoring`;
  await copyFile(join(dir, manifest.store.file), incoming);
  await chmod(incoming, 384);
  await rm(`${file}-wal`, { force: true });
  await rm(`${file}-shm`, { force: true });
  await rename(incoming, file);
  const SQLite2 = (await import("better-sqlite3")).default;
  const restored = new SQLite2(file, { fileMustExist: true });
  try {
    const submissions = restored.prepare("select count(*) as n from submissions").get().n;
    const rows = restored.prepare("select count(*) as n from submissions where resume is not null or resume_file is not null").get();
    countsMatch(manifest, { submissions, resumes: { count: rows.n - manifest.missing.length } });
  } finally {
    restored.close();
  }
}
async function restorePostgres(dir, manifest, databaseUrl, force) {
  const client = new pg2.Client({ connectionString: databaseUrl });
  client.on("error", () => void 0);
  await client.connect();
  try {
    const exists = await client.query("select to_regclass('public.submissions') as table");
    if (exists.rows[0]?.table) {
      const { submissions } = await pgCounts(client);
      if (submissions > 0 && !force)
        throw new TargetNotEmptyError(
          `The database already holds ${submissions} submission(s); restore into a new database, or add --force to replace it (stop the servers first)`
        );
    }
    const target = pgTarget(databaseUrl);
    await runPgTool(
      "pg_restore",
      [
        "--clean",
        "--if-exists",
        "--no-owner",
        "--no-privileges",
        "--single-transaction",
        "--exit-on-error",
        `--dbname=${target.url}`,
        join(dir, manifest.store.file)
      ],
      target.env
    );
    countsMatch(manifest, await pgCounts(client));
  } finally {
    await client.end();
  }
}
async function restoreBackup(dir, databaseUrl, options = {}) {
  const manifest = await readManifest(dir);
  if (manifest.dialect === "postgres" !== isPostgresUrl(databaseUrl))
    throw new Error(
      `This is a ${manifest.dialect === "postgres" ? "PostgreSQL" : "SQLite"} backup; DATABASE_URL names a ${isPostgresUrl(databaseUrl) ? "PostgreSQL database" : "SQLite file"}`
    );
  await verifyFiles(dir, manifest);
  if (manifest.dialect === "postgres") await restorePostgres(dir, manifest, databaseUrl, options.force ?? false);
  else await restoreSqlite(dir, manifest, databaseUrl, options.force ?? false);
  return manifest;
}

// server/run-if-script.ts
import { pathToFileURL } from "node:url";
function runIfScript(moduleUrl, run) {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  run(process.argv.slice(2)).then(
    (code) => process.exitCode = code,
    (error) => {
      console.error(error.message);
      process.exitCode = 1;
    }
  );
}

// server/env.ts
import { hostname } from "node:os";
import { z as z2 } from "zod";

// server/intake/destinations.ts
import { Webhook } from "standardwebhooks";
import { z } from "zod";
var clioGrowHosts = {
  us: "https://grow.clio.com",
  eu: "https://eu.grow.clio.com",
  au: "https://au.grow.clio.com",
  ca: "https://ca.grow.clio.com"
};
var emailDestination = "email";
var prefix = "DESTINATION_";
var settingNames = ["KIND", "URL", "SECRET", "TOKEN", "REGION"];
function isDeliveryUrl(value) {
  try {
    const url2 = new URL(value);
    if (url2.username || url2.password) return false;
    if (url2.protocol === "https:") return true;
    return url2.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url2.hostname);
  } catch {
    return false;
  }
}
var deliveryUrl = z.string().refine(isDeliveryUrl, "must be an https:// URL (http:// only on loopback), no user:pass");
var webhookSecret = z.string().refine((value) => {
  if (!/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
  try {
    new Webhook(value);
    return Buffer.from(value.slice("whsec_".length), "base64").length >= 24;
  } catch {
    return false;
  }
}, "must be a Standard Webhooks secret: whsec_ followed by at least 24 bytes in base64");
var schemas = {
  webhook: z.object({ KIND: z.literal("webhook"), URL: deliveryUrl, SECRET: webhookSecret }).strict(),
  "clio-grow": z.object({
    KIND: z.literal("clio-grow"),
    TOKEN: z.string().min(8, "must be the inbox token from Clio Grow (Settings, Integrations)"),
    REGION: z.enum(["us", "eu", "au", "ca"]).default("us"),
    /** Overrides the regional host (a test receiver). */
    URL: deliveryUrl.optional()
  }).strict()
};
var secretSettings = ["SECRET", "TOKEN"];
function parseDestinations(source) {
  const groups = /* @__PURE__ */ new Map();
  for (const [key, value] of Object.entries(source)) {
    if (!key.startsWith(prefix) || value === void 0 || value === "") continue;
    const match = /^DESTINATION_([A-Z0-9]+(?:_[A-Z0-9]+)*)_([A-Z]+)$/.exec(key);
    const setting = settingNames.find((name) => name === match?.[2]);
    if (!match || !setting)
      throw new Error(`${key}: unknown setting (expected DESTINATION_<NAME>_${settingNames.join("|")})`);
    const group = groups.get(match[1]) ?? {};
    group[setting] = value;
    groups.set(match[1], group);
  }
  const destinations = [];
  for (const [upper, settings] of groups) {
    const name = upper.toLowerCase().replace(/_/g, "-");
    const variable = (setting) => `${prefix}${upper}_${setting}`;
    if (name === emailDestination) throw new Error(`${variable("KIND")}: the name "email" is reserved for the inbox`);
    const kind = settings.KIND;
    if (kind !== "webhook" && kind !== "clio-grow")
      throw new Error(
        `${variable("KIND")}: must be webhook or clio-grow (got ${kind === void 0 ? "nothing" : JSON.stringify(kind)})`
      );
    const result = schemas[kind].safeParse(settings);
    if (!result.success) {
      const issue = result.error.issues[0];
      const setting = String(issue.path[0] ?? (issue.code === "unrecognized_keys" ? issue.keys[0] : "KIND"));
      const got = settings[setting];
      const shown = got === void 0 ? "nothing" : secretSettings.includes(setting) ? "a value" : JSON.stringify(got);
      throw new Error(`${variable(setting)}: ${got === void 0 ? "is required" : issue.message} (got ${shown})`);
    }
    const data = result.data;
    destinations.push(
      data.KIND === "webhook" ? { kind: "webhook", name, url: data.URL, secret: data.SECRET } : {
        kind: "clio-grow",
        name,
        url: data.URL ?? `${clioGrowHosts[data.REGION]}/inbox_leads`,
        token: data.TOKEN
      }
    );
  }
  return destinations.sort((a, b) => a.name.localeCompare(b.name));
}

// server/env.ts
var port = z2.coerce.number().int().min(0).max(65535);
var url = (protocols) => z2.string().refine(
  (value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  },
  `must be a URL starting with ${protocols.join(" or ")}`
);
function isLoopbackHost(hostname2) {
  const host = hostname2.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
var secureUrl = z2.string().refine((value) => {
  try {
    const parsed = new URL(value);
    return parsed.protocol === "https:" || parsed.protocol === "http:" && isLoopbackHost(parsed.hostname);
  } catch {
    return false;
  }
}, "must be an https:// URL (http:// only on loopback: the secret and the verdict would cross the network in clear)");
var origin = z2.string().refine((value) => {
  try {
    const parsed = new URL(value);
    return (parsed.protocol === "https:" || parsed.protocol === "http:") && parsed.origin === value.replace(/\/$/, "");
  } catch {
    return false;
  }
}, "must be an origin such as https://www.example.com (no path)");
var origins = z2.string().transform(
  (value) => value.split(",").map((part) => part.trim()).filter(Boolean)
).pipe(z2.array(origin)).transform((list) => list.map((value) => new URL(value).origin));
var schema = z2.object({
  PORT: port.default(3e3),
  HOST: z2.string().min(1).default("127.0.0.1"),
  /** The canonical site: its origin may always post to the API. */
  SITE_URL: url(["https:", "http:"]).default(firm.defaultSiteUrl),
  /** Unset or `file:` / a path: SQLite. `postgres://` or `postgresql://`: PostgreSQL. */
  DATABASE_URL: z2.string().min(1).default("file:./data/leads.db"),
  /** Unset: messages are written as .eml files to MAIL_DIR. */
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  MAIL_DIR: z2.string().min(1).default("./data/mail"),
  MAIL_FROM: z2.string().min(3).default("LFH Immigration Law <no-reply@lfh-immigration.example>"),
  LEADS_EMAIL_TO: z2.string().email().default("intake@lfh-immigration.example"),
  RECAPTCHA_SECRET: z2.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: secureUrl.default("https://www.google.com/recaptcha/api/siteverify"),
  RECAPTCHA_MIN_SCORE: z2.coerce.number().min(0).max(1).default(0.5),
  /** Submissions one client address may make per minute on each form endpoint. */
  RATE_LIMIT_PER_MINUTE: z2.coerce.number().int().min(1).default(10),
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For: `false` (none,
   * the default: the connection's address counts), `true` (one) or a number. The client address
   * is the entry the outermost trusted proxy added, counted from the right, never one the client
   * wrote itself; X-Forwarded-Proto is believed only then.
   */
  TRUST_PROXY: z2.string().default("false").refine((v) => /^(true|false|[0-9])$/.test(v), "must be true, false or a number of proxies (0-9)").transform((v) => v === "true" ? 1 : v === "false" ? 0 : Number(v)),
  /** Other origins whose pages may post to the API (the site on a static host or CDN). */
  ALLOWED_ORIGINS: origins.default([]),
  /** Where the pages this server sends post their forms, when the API runs elsewhere. */
  API_ORIGIN: origin.transform((value) => new URL(value).origin).optional(),
  /** Total resume bytes the store may hold; past it, applications are taken without the file. */
  UPLOAD_STORAGE_MB: z2.coerce.number().int().min(1).default(2048),
  /** Open connections the server serves at once; a connection past it is closed as soon as it opens. */
  MAX_CONNECTIONS: z2.coerce.number().int().min(16).default(1024),
  /** Open connections one client address (an IPv6 /64) may hold; not applied behind a proxy (TRUST_PROXY). */
  MAX_CONNECTIONS_PER_CLIENT: z2.coerce.number().int().min(2).default(32),
  /**
   * Days a submission is kept; the server purges older ones daily (the privacy policy promises
   * one year). `off`: kept until `npm run leads -- purge`.
   */
  PURGE_AFTER_DAYS: z2.string().default("365").refine(
    (v) => v === "off" || /^\d{1,5}$/.test(v) && Number(v) >= 1,
    "must be a number of days (1 or more) or off"
  ).transform((v) => v === "off" ? void 0 : Number(v)),
  /** Days a spam submission (honeypot, low captcha score) is kept, with the daily purge. */
  SPAM_KEEP_DAYS: z2.coerce.number().int().min(1).max(365).default(30),
  /** Spam submissions the store keeps at most; past it a new one is answered as usual and not stored. */
  SPAM_MAX_ROWS: z2.coerce.number().int().min(1).default(5e3),
  /**
   * Uploads (job applications) are answered 503 with Retry-After while the event loop has been
   * working more than this share of the last 50 ms, so pages and leads keep the thread through a
   * burst of uploads. Leads are never turned away for it. `off`: uploads are bounded only by
   * how many are in progress.
   */
  UPLOAD_SHED_LOAD: z2.string().default("0.75").refine(
    (v) => v === "off" || /^(0?\.\d{1,3}|1(\.0{1,3})?)$/.test(v) && Number(v) > 0,
    "must be a share of the loop's time between 0 and 1 (such as 0.75) or off"
  ).transform((v) => v === "off" ? void 0 : Number(v)),
  /** Names this process's outbox leases, so after a crash its restart takes them back at once. */
  INSTANCE_ID: z2.string().min(1).max(200).optional(),
  /** Attempts per destination before a lead is dead-lettered there and the firm is told. */
  DELIVERY_MAX_ATTEMPTS: z2.coerce.number().int().min(1).max(100).default(20),
  /** Minutes of failing delivery to one destination before the firm is alerted (once per incident). */
  ALERT_AFTER_MINUTES: z2.coerce.number().int().min(1).default(30),
  /** Where delivery problems are reported: email addresses and/or names of webhook destinations. */
  ALERT_TO: z2.string().transform(
    (value) => value.split(",").map((part) => part.trim()).filter(Boolean)
  ).optional(),
  /** The public origin of this service, for the resume links in webhooks (default: SITE_URL). */
  INTAKE_URL: origin.transform((value) => new URL(value).origin).optional(),
  /** Where the server takes a backup of the store and the resume files every day (unset: no schedule). */
  BACKUP_DIR: z2.string().min(1).optional(),
  /** How many backups are kept in BACKUP_DIR (the oldest beyond it are removed after each). */
  BACKUP_KEEP: z2.coerce.number().int().min(1).max(1e3).default(7),
  /** When the daily backup runs, `HH:MM` in UTC (08:00 UTC is 2 or 3 a.m. in Texas). */
  BACKUP_AT: z2.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day as HH:MM (UTC), such as 08:00").default("08:00"),
  /** The editor's local backend (`npm run cms`, decap-server on loopback): /admin may talk to this port. */
  CMS_LOCAL_PORT: port.default(8081),
  /** How long a resume link in a webhook stays valid. */
  RESUME_LINK_HOURS: z2.coerce.number().int().min(1).max(24 * 30).default(72)
});
function cleartextWarnings(data) {
  const warnings = [];
  if (data.SMTP_URL) {
    const smtp = new URL(data.SMTP_URL);
    if (smtp.protocol === "smtp:" && smtp.searchParams.get("requireTLS") === "false" && !isLoopbackHost(smtp.hostname))
      warnings.push({
        setting: "SMTP_URL",
        message: `requireTLS=false to ${smtp.hostname}, which is not this machine: leads may cross the network unencrypted`
      });
  }
  const intake = new URL(data.INTAKE_URL);
  if (intake.protocol === "http:" && !isLoopbackHost(intake.hostname))
    warnings.push({
      setting: "INTAKE_URL",
      message: `${intake.origin} is http: resume links in webhooks would travel and be followed in clear`
    });
  return warnings;
}
function loadEnv(source = process.env) {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== void 0 && value !== ""));
  const result = schema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `${issue.path.join(".")}: ${issue.message} (got ${JSON.stringify(present[String(issue.path[0])])})`
    );
  }
  const destinations = parseDestinations(present);
  const alertTo = result.data.ALERT_TO ?? [result.data.LEADS_EMAIL_TO];
  for (const recipient of alertTo) {
    const isEmail = z2.string().email().safeParse(recipient).success;
    const isWebhook = destinations.some((d) => d.kind === "webhook" && d.name === recipient);
    if (!isEmail && !isWebhook)
      throw new Error(
        `ALERT_TO: ${JSON.stringify(recipient)} is neither an email address nor a webhook destination's name${recipient === emailDestination ? " (write the address)" : ""}`
      );
  }
  const intakeUrl = result.data.INTAKE_URL ?? new URL(result.data.SITE_URL).origin;
  return {
    ...result.data,
    INSTANCE_ID: result.data.INSTANCE_ID ?? `${hostname()}:${result.data.PORT}`,
    ALERT_TO: alertTo,
    INTAKE_URL: intakeUrl,
    destinations,
    warnings: cleartextWarnings({ SMTP_URL: result.data.SMTP_URL, INTAKE_URL: intakeUrl })
  };
}

// server/backup-cli.ts
var usage = `Usage:
  npm run backup [-- --dir FOLDER]          a consistent copy of the store and the resume files, taken while
                                            the server runs, into a new folder under FOLDER (default BACKUP_DIR);
                                            keeps the newest BACKUP_KEEP there
  npm run restore -- FOLDER [--force]       checks the backup in FOLDER against its manifest and restores it
                                            into DATABASE_URL (a new SQLite file, or an empty PostgreSQL
                                            database); --force replaces a store that already holds leads`;
var processIo = {
  env: process.env,
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text)
};
var megabytes = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
async function main(argv, io = processIo) {
  const say = (line) => io.out(`${line}
`);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { dir: { type: "string" }, force: { type: "boolean" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true
    });
  } catch (error) {
    io.err(`${error.message}

${usage}
`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, folder] = positionals;
  if (values.help || command !== "backup" && command !== "restore") {
    if (values.help) io.out(`${usage}
`);
    else io.err(`${usage}
`);
    return values.help ? 0 : 2;
  }
  const env = loadEnv(io.env);
  try {
    if (command === "backup") {
      const dir = values.dir ?? env.BACKUP_DIR;
      if (!dir) {
        io.err(`Say where: set BACKUP_DIR or pass --dir FOLDER

${usage}
`);
        return 2;
      }
      const {
        dir: written,
        manifest: manifest2,
        bytes
      } = await backupStore(env.DATABASE_URL, resolve2(dir), {
        keep: env.BACKUP_KEEP
      });
      say(
        `Backed up ${manifest2.submissions} submission(s) and ${manifest2.resumes.count} resume(s), ${megabytes(bytes)}, to ${written}`
      );
      if (manifest2.missing.length)
        say(`${manifest2.missing.length} resume file(s) were deleted while the backup ran (purged): not in it.`);
      return 0;
    }
    if (!folder) {
      io.err(`restore needs the backup's folder

${usage}
`);
      return 2;
    }
    const manifest = await restoreBackup(resolve2(folder), env.DATABASE_URL, { force: values.force ?? false });
    say(
      `Restored ${manifest.submissions} submission(s) and ${manifest.resumes.count} resume(s) from the backup of ${manifest.createdAt}; every file matched its checksum.`
    );
    return 0;
  } catch (error) {
    io.err(`${command === "backup" ? "Backup" : "Restore"} failed: ${error.message}
`);
    return 1;
  }
}
runIfScript(import.meta.url, main);
export {
  main
};
//# sourceMappingURL=backup-cli.mjs.map
