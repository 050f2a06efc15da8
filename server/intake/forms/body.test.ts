import { describe, expect, it } from "vitest";
import { validLead } from "../../../tests/support/intake";
import { parseBody } from "./body";

/** A request whose body arrives `pieceBytes` at a time; `pulled` counts the pieces read. */
function piecewise(text: string, pieceBytes: number) {
  const bytes = Buffer.from(text);
  const state = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const start = state.pulled * pieceBytes;
      state.pulled += 1;
      if (start >= bytes.length) return controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(start, start + pieceBytes)));
    },
  });
  const request = new Request("http://localhost/api/leads", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, state };
}

const rules = { maxBytes: 64 * 1024, known: new Set(Object.keys(validLead)) };

describe("a body cut into pieces", () => {
  it("is refused once its pieces are clearly too small, without reading the rest; a body in packet-sized pieces is read whole", async () => {
    // Chunked encoding lets a client send a byte a chunk: each piece costs the whole way through.
    const bytewise = piecewise(`{"message":"${"a".repeat(30_000)}"}`, 1);
    await expect(parseBody(bytewise.request, "json", rules)).rejects.toMatchObject({ status: 400 });
    expect(bytewise.state.pulled).toBeLessThan(200);

    const packets = piecewise(JSON.stringify({ ...validLead, message: "m".repeat(20_000) }), 536);
    const parsed = await parseBody(packets.request, "json", rules);
    expect(parsed.fields.name).toBe(validLead.name);
  });
});
