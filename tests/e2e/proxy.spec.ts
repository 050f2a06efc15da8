// The production shape: nginx with deploy/nginx in front of the Node app (TRUST_PROXY=1), as the
// README's deployment section sets it up. nginx serves the build's files itself; the forms, the
// uploads and the health checks reach Node through it. Compared with the app answering alone.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test, type Browser } from "@playwright/test";
import { validLead } from "../support/intake";
import { e2e } from "./env";
import { waitForMail } from "./mail";
import { onePerKind } from "./pages";
import { startProxy, type RunningProxy } from "./proxy";

const appPort = e2e.port + 10;
const proxyPort = e2e.port + 11;
const app = `http://127.0.0.1:${appPort}`;
const clientDir = join(process.cwd(), "build", "client");
// Made when the tests start: Playwright loads this file in more processes than run it.
let dir = "";
let node: ChildProcess | undefined;
let proxy: RunningProxy | undefined;
/** What the Node app logged: one `access` line per request that reached it. */
let nodeLog = "";
/** Requests to `route` that reached the Node app so far. */
const reachedNode = (route: string) =>
  nodeLog.split("\n").filter((line) => line.includes('"access"') && line.includes(`"route":"${route}"`)).length;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lfh-proxied-"));
  node = spawn(process.execPath, ["build/node/main.mjs"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(appPort),
      TRUST_PROXY: "1",
      // The public origin is the proxy's: its pages' posts are the site's own.
      SITE_URL: `http://127.0.0.1:${proxyPort}`,
      DATABASE_URL: `file:${join(dir, "leads.db")}`,
      SMTP_URL: `smtp://127.0.0.1:${e2e.smtpPort}?requireTLS=false`,
      RATE_LIMIT_PER_MINUTE: "1000",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const child = node;
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      nodeLog += chunk.toString();
      if (nodeLog.includes('"listening"')) resolve();
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  proxy = await startProxy({ port: proxyPort, appPort, clientDir });
});

test.afterAll(async () => {
  await proxy?.close();
  node?.kill("SIGTERM");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The headers a visitor's browser acts on, as the app sends them and as the proxy does. */
const compared = [
  "content-type",
  "content-security-policy",
  "x-frame-options",
  "referrer-policy",
  "cross-origin-opener-policy",
  "permissions-policy",
  "x-content-type-options",
  "cache-control",
  "location",
];

async function both(path: string, headers: Record<string, string> = {}) {
  const get = (origin: string) => fetch(`${origin}${path}`, { redirect: "manual", headers });
  const [direct, proxied] = await Promise.all([get(app), get(proxy!.url)]);
  const pick = (response: Response) => {
    const picked: Record<string, string> = {};
    for (const name of compared) {
      const value = response.headers.get(name);
      if (value !== null) picked[name] = value;
    }
    return picked;
  };
  return {
    direct: { status: direct.status, headers: pick(direct), body: await direct.text() },
    proxied: { status: proxied.status, headers: pick(proxied), body: await proxied.text(), raw: proxied },
  };
}

test("a page of each kind in both languages, the 404s and the redirects answer as the app would", async () => {
  const paths = [
    ...onePerKind.map((entry) => entry.path),
    "/nope",
    "/es/nope",
    "/robots.txt",
    "/sitemap.xml",
    "/admin",
  ];
  for (const path of paths) {
    const { direct, proxied } = await both(path);
    expect(proxied.status, path).toBe(direct.status);
    expect(proxied.headers, path).toEqual(direct.headers);
    expect(proxied.body, path).toBe(direct.body);
  }
  // Legacy addresses, the /en prefix, a trailing slash, runs of slashes: the same single 301.
  for (const path of ["/about", "/services/asylum?utm_source=mail", "/en/our-firm", "/our-firm/", "//evil.example"]) {
    const { direct, proxied } = await both(path);
    expect([proxied.status, proxied.headers.location], path).toEqual([301, direct.headers.location]);
    expect(proxied.headers["cache-control"], path).toBe(direct.headers["cache-control"]);
    expect(proxied.headers["x-frame-options"], path).toBe("DENY");
  }
  expect((await both("/nope")).proxied.status).toBe(404);
  // The editor's page keeps its own policy: its git host's API, no open https:.
  const admin = (await both("/admin")).proxied.headers["content-security-policy"] ?? "";
  expect(admin).toContain("https://api.github.com");
  expect(admin).not.toMatch(/connect-src[^;]* https:(;| )/);
});

test("files go out precompressed, and a page already held is answered 304", async () => {
  for (const encoding of ["br", "gzip"]) {
    const response = await fetch(`${proxy!.url}/our-firm`, { headers: { "accept-encoding": encoding } });
    expect(response.headers.get("content-encoding")).toBe(encoding);
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    expect(await response.text()).toContain("</html>");
  }
  const first = await fetch(`${proxy!.url}/es/nuestro-bufete`);
  const etag = first.headers.get("etag");
  expect(etag).toBeTruthy();
  const again = await fetch(`${proxy!.url}/es/nuestro-bufete`, { headers: { "if-none-match": etag! } });
  expect(again.status).toBe(304);
});

test("a page added to the build is served at once, with nothing restarted", async () => {
  const name = `proxy-probe-${Date.now()}`;
  mkdirSync(join(clientDir, name));
  try {
    writeFileSync(join(clientDir, name, "index.html"), `<!doctype html><title>${name}</title>`);
    const response = await fetch(`${proxy!.url}/${name}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(name);
  } finally {
    rmSync(join(clientDir, name), { recursive: true, force: true });
  }
});

test("a page added by a build gets its own headers from the build's proxy files and a reload, with nothing restarted @timing", async () => {
  const name = `proxy-built-${Date.now()}`;
  const nodePid = node!.pid;
  // Not execFileSync: a test that blocks its own event loop for longer than nginx's 30 s keep-alive
  // (a loaded machine's build step) sends its next request on a connection nginx has already closed.
  const regenerate = () => promisify(execFile)("npx", ["tsx", "scripts/proxy-config.ts"]);
  mkdirSync(join(clientDir, name));
  try {
    writeFileSync(join(clientDir, name, "index.html"), `<!doctype html><title>${name}</title>`);
    // Served at once, with the files' policy until the build's proxy step and a reload.
    const before = await fetch(`${proxy!.url}/${name}`);
    expect(before.status).toBe(200);
    expect(before.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    await regenerate();
    await proxy!.reload();
    await expect
      .poll(async () => (await fetch(`${proxy!.url}/${name}`)).headers.get("content-security-policy"), {
        timeout: 20_000,
      })
      .toContain("script-src 'self'");
    // The same Node process answers the API, and the proxy never stopped answering.
    expect(node!.pid).toBe(nodePid);
    expect(node!.exitCode).toBeNull();
    expect((await fetch(`${proxy!.url}/readyz`)).status).toBe(200);
  } finally {
    rmSync(join(clientDir, name), { recursive: true, force: true });
    await regenerate();
    await proxy!.reload();
  }
});

test("/readyz is the app's, through the proxy", async () => {
  const response = await fetch(`${proxy!.url}/readyz`);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ ok: true, store: "ok" });
});

/** A browser that the proxy counts as its own client (X-Test-Client stands for its address). */
async function visitor(browser: Browser, address: string, javaScriptEnabled = true) {
  const context = await browser.newContext({
    baseURL: proxy!.url,
    javaScriptEnabled,
    extraHTTPHeaders: { "x-test-client": address },
  });
  await context.route("https://www.google.com/recaptcha/**", (route) => route.abort());
  const page = await context.newPage();
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return { context, page, violations };
}

test("a consultation request with JavaScript and without, and a job application with its resume @timing", async ({
  browser,
}) => {
  const marker = `E2E-PROXY-${Date.now()}`;
  const withJs = await visitor(browser, "198.51.100.21");
  const form = withJs.page.getByTestId("consultation-form");
  await withJs.page.goto("/our-firm");
  await form.getByLabel(/Full name/).fill("Maria Lopez");
  await form.getByLabel(/^Email$/).fill("maria@example.com");
  await form.getByLabel(/^Phone$/).fill("(713) 555-0100");
  await form.getByLabel(/How can we help/).fill(`Work visa question ${marker}-JS`);
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(withJs.page.getByText("Thanks! We'll reach out shortly.")).toBeVisible({ timeout: 20_000 });
  await waitForMail(`${marker}-JS`);

  const resume = join(dir, "proxy-resume.pdf");
  writeFileSync(resume, "%PDF-1.4\n% proxied resume\n");
  await withJs.page.goto("/our-firm/join-our-team/bilingual-legal-assistant");
  const careers = withJs.page.getByTestId("careers-form");
  await careers.getByLabel("Full name").fill("Luis Vega");
  await careers.getByLabel("Email").fill("luis@example.com");
  await careers.getByLabel("Phone").fill("2815550100");
  await careers.getByLabel("Cover letter").fill(`Five years as a bilingual legal assistant. ${marker}-JOB`);
  await careers.getByLabel(/Resume/).setInputFiles(resume);
  await careers.getByRole("checkbox").check();
  await careers.getByRole("button", { name: "Submit application" }).click();
  await expect(withJs.page.getByText("Application Submitted!")).toBeVisible({ timeout: 20_000 });
  const mail = await waitForMail(`${marker}-JOB`);
  expect(mail.attachments.map((a) => a.filename)).toEqual(["proxy-resume.pdf"]);
  expect(withJs.violations).toEqual([]);
  await withJs.context.close();

  const noJs = await visitor(browser, "2001:db8:77::5", false);
  await noJs.page.goto("/es/nuestro-bufete");
  const plain = noJs.page.getByTestId("consultation-form");
  await plain.getByLabel(/Nombre completo/).fill("Rosa Díaz");
  await plain.getByLabel(/Correo electrónico/).fill("rosa@example.com");
  await plain.getByLabel(/Teléfono/).fill("2815550142");
  await plain.getByLabel(/Cómo podemos ayudarle/).fill(`Sin JavaScript ${marker}-NOJS`);
  await plain.getByRole("checkbox").check();
  await plain.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(noJs.page.getByRole("heading", { level: 1 })).toHaveText("Recibimos su solicitud");
  await waitForMail(`${marker}-NOJS`);
  await noJs.context.close();
});

/** An upload whose body never comes: a request in progress the proxy counts against its client. */
function heldUpload(address: string, length = 100_000): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(proxyPort, "127.0.0.1", () => {
      socket.write(
        "POST /api/careers HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
          `X-Test-Client: ${address}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${length}\r\n\r\n`,
      );
      resolve(socket);
    });
    socket.on("error", reject);
  });
}

/** A small form post (invalid, so the app answers it 400) from `address`: 429 once its share is spent. */
const postFrom = async (address: string) =>
  (
    await fetch(`${proxy!.url}/api/leads`, {
      method: "POST",
      headers: { "x-test-client": address, "content-type": "application/json" },
      body: "{}",
    })
  ).status;
const pageFor = async (address: string) =>
  (await fetch(`${proxy!.url}/robots.txt`, { headers: { "x-test-client": address } })).status;

test("uploads held open: one IPv6 /64 gets 11 at once, one /48 about 41, and everyone else is still served @timing", async () => {
  const held: Socket[] = [];
  try {
    // One visitor's /64, with a new address for each upload: the 12th is turned away at once.
    for (let i = 1; i <= 11; i++) held.push(await heldUpload(`2001:db8:5:1::${i.toString(16)}`));
    expect(await postFrom("2001:db8:5:1::ffff")).toBe(429);
    expect(await pageFor("2001:db8:5:1::ffff")).toBe(200);
    expect(await postFrom("2001:db8:5:2::1")).not.toBe(429);
    // Other /64s of the same /48 bring it to its 41 (and the two a second it earns meanwhile):
    // then the whole allocation waits its turn, however many /64s it uses.
    let net = 3;
    for (; net < 16; net++) {
      for (let i = 1; i <= 10; i++) held.push(await heldUpload(`2001:db8:5:${net}::${i.toString(16)}`));
      if ((await postFrom(`2001:db8:5:${net}::ffff`)) === 429) break;
    }
    expect(held.length).toBeLessThanOrEqual(61);
    expect(await postFrom("2001:db8:5:ff::1")).toBe(429);
    expect(await postFrom("2001:db8:6:1::1")).not.toBe(429);
    expect(await postFrom("198.51.100.9")).not.toBe(429);
    expect(await pageFor("2001:db8:5:9::1")).toBe(200);
  } finally {
    for (const socket of held) socket.destroy();
  }
});

/** A connection from `localAddress` that has sent part of a request's headers and waits. */
function openHalfRequest(localAddress: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: proxyPort, host: "127.0.0.1", localAddress }, () => {
      socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      resolve(socket);
    });
    socket.on("error", reject);
  });
}

/** A job application with a small resume, as the form's script sends it, from `address`. */
async function applyFrom(address: string): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    fullName: "Luis Vega",
    email: "luis@example.com",
    phone: "2815550100",
    location: "houston",
    coverLetter: "Five years as a bilingual legal assistant in Houston, in both languages.",
    consent: "true",
  }))
    form.set(name, value);
  form.set("resume", new File(["%PDF-1.4\n% a resume\n%%EOF\n"], "cv.pdf", { type: "application/pdf" }));
  const response = await fetch(`${proxy!.url}/api/careers`, {
    method: "POST",
    headers: { "x-test-client": address, accept: "application/json" },
    body: form,
  });
  return response.status;
}

test("32 addresses holding 32 connections each leave a visitor's page and request served @timing", async () => {
  const held: Socket[] = [];
  let closed = 0;
  try {
    for (let a = 1; a <= 32; a++)
      for (let i = 0; i < 32; i++) {
        const socket = await openHalfRequest(`127.0.1.${a}`);
        socket.on("close", () => closed++);
        held.push(socket);
      }
    expect(await pageFor("198.51.100.40")).toBe(200);
    const lead = await fetch(`${proxy!.url}/api/leads`, {
      method: "POST",
      headers: { "x-test-client": "198.51.100.40", "content-type": "application/json" },
      body: JSON.stringify(validLead),
    });
    expect(lead.status).toBe(201);
    // The 1,024 were all still held while the visitor was served.
    expect(closed).toBe(0);
  } finally {
    for (const socket of held) socket.destroy();
  }
});

test("four uploads sent at 40 KB/s never reach the app, and an application beside them is taken @timing", async () => {
  const uploads: Socket[] = [];
  const sent = { bytes: 0 };
  try {
    for (let i = 1; i <= 4; i++) uploads.push(await heldUpload(`203.0.113.${i}`, 6_000_000));
    const careersBefore = reachedNode("/api/careers");
    // 10 KB every quarter of a second each: 40 KB/s, just above what Node used to evict.
    const drip = setInterval(() => {
      for (const socket of uploads) if (socket.writable) socket.write(Buffer.alloc(10_000, 0x61));
      sent.bytes += 40_000;
    }, 250);
    try {
      while (sent.bytes < 400_000) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await applyFrom("203.0.113.50")).toBe(201);
      expect(await applyFrom("2001:db8:40::1")).toBe(201);
    } finally {
      clearInterval(drip);
    }
    // nginx holds the four bodies until they are whole: only the two applications reached Node (its
    // access lines arrive over a pipe, after the answers), and the four are still being sent.
    await expect.poll(() => reachedNode("/api/careers") - careersBefore).toBe(2);
    expect(uploads.every((socket) => !socket.destroyed)).toBe(true);
  } finally {
    for (const socket of uploads) socket.destroy();
  }
});

test("25 invalid posts a second turn no application away @timing", async () => {
  const invalid = JSON.stringify({ name: "Ana", email: "not an address", message: "x".repeat(60_000) });
  const posts: Promise<number>[] = [];
  const applications: number[] = [];
  for (let second = 0; second < 6; second++) {
    for (let i = 0; i < 25; i++) {
      posts.push(
        fetch(`${proxy!.url}/api/leads`, {
          method: "POST",
          headers: { "x-test-client": `198.51.100.${100 + i}`, "content-type": "application/json" },
          body: invalid,
        }).then((response) => response.status),
      );
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    applications.push(await applyFrom(`198.51.100.${200 + second}`));
  }
  expect(new Set(await Promise.all(posts))).toEqual(new Set([400]));
  expect(applications).toEqual([201, 201, 201, 201, 201, 201]);
});
