import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfBytes } from "../../tests/support/files";
import { applicationForm, serveIntakeProcess, tempDir, validLead } from "../../tests/support/intake";

// A body that stops part way (the visitor closes the tab, the phone loses signal, a limit or a
// timeout cuts it) is one visitor's failed request: the server, in its own process here so that
// a crash shows as an exit, keeps serving everyone else.

let server: Awaited<ReturnType<typeof serveIntakeProcess>>;
beforeAll(async () => {
  server = await serveIntakeProcess({
    DATABASE_URL: `file:${join(tempDir(), "leads.db")}`,
    SMTP_URL: "",
    RATE_LIMIT_PER_MINUTE: "1000",
  });
});
afterAll(() => server.stop());

/** A body as a browser would send it, with its Content-Type. */
async function encoded(body: FormData | URLSearchParams | string, type?: string) {
  const response = new Response(body, type ? { headers: { "content-type": type } } : {});
  return { type: response.headers.get("content-type")!, bytes: Buffer.from(await response.arrayBuffer()) };
}

const resume = new File([pdfBytes(), Buffer.alloc(200_000, 0x20)], "cv.pdf", { type: "application/pdf" });
const bodies = {
  "an application with its resume (multipart)": () => encoded(applicationForm(resume)),
  "a lead (multipart)": async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(validLead)) form.set(name, String(value));
    return encoded(form);
  },
  "a lead (form)": () =>
    encoded(new URLSearchParams(Object.entries(validLead).map(([name, value]) => [name, String(value)]))),
  "a lead (JSON)": () => encoded(JSON.stringify(validLead), "application/json"),
};
const routes = { "/api/careers": Object.keys(bodies), "/api/leads": Object.keys(bodies).slice(1) };

/**
 * Sends `head` and `body` on a raw connection, hanging up `hangUpAfterMs` later if given; resolves
 * with what the server answered before the connection closed.
 */
function rawRequest(head: string, body: Buffer, hangUpAfterMs?: number) {
  return new Promise<string>((resolve) => {
    const socket = connect(server.port, "127.0.0.1");
    let reply = "";
    socket.on("data", (data: Buffer) => (reply += data.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(reply));
    socket.write(head);
    socket.write(body);
    if (hangUpAfterMs !== undefined) setTimeout(() => socket.destroy(), hangUpAfterMs);
  });
}

async function stillServing() {
  expect(server.child.exitCode).toBeNull();
  const response = await fetch(`http://127.0.0.1:${server.port}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(validLead),
  });
  expect(response.status).toBe(201);
}

const head = (route: string, type: string, length: string) =>
  `POST ${route} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\n${length}\r\n`;

describe("a body cut off part way", () => {
  it.each(Object.entries(routes).flatMap(([route, names]) => names.map((name) => [route, name] as const)))(
    "%s: %s, cut at any point by the visitor hanging up, fails alone",
    async (route, name) => {
      const { type, bytes } = await bodies[name as keyof typeof bodies]();
      // Cut in the first part's headers, inside a field, at a part boundary, deep in the file, and
      // one byte before the end.
      for (const at of [40, 0.3, 0.5, 0.9, -1].map((cut) =>
        cut < 0 ? bytes.length + cut : cut < 1 ? Math.floor(bytes.length * cut) : cut,
      ))
        await rawRequest(head(route, type, `Content-Length: ${bytes.length}\r\n`), bytes.subarray(0, at), 30);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await stillServing();
    },
  );

  it("a resume sent without a length that grows past the limit gets 413, and the server keeps serving", async () => {
    const big = new File([pdfBytes(), Buffer.alloc(7 * 1024 * 1024, 0x20)], "cv.pdf", { type: "application/pdf" });
    const { type, bytes } = await encoded(applicationForm(big));
    const chunked = Buffer.concat([
      Buffer.from(`${bytes.length.toString(16)}\r\n`),
      bytes,
      Buffer.from("\r\n0\r\n\r\n"),
    ]);
    // A 503 says "busy, try again" (the uploads cut off above may still hold their slots on a loaded
    // machine); the form waits and sends again, and so does this test.
    let reply = "";
    for (let attempt = 0; attempt < 5; attempt++) {
      reply = await rawRequest(head("/api/careers", type, "Transfer-Encoding: chunked\r\n"), chunked, 20_000);
      if (!reply.startsWith("HTTP/1.1 503 ")) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(reply).toMatch(/^HTTP\/1\.1 413 /);
    await stillServing();
  }, 150_000);
});
