import { describe, expect, it } from "vitest";
import { createPostLoad, createUploadGate, type UploadSlot } from "./upload-gate";

const bounds = { total: 3, perClient: 2, bytes: 1000 };

function slot(entered: ReturnType<ReturnType<typeof createUploadGate>["enter"]>): UploadSlot {
  if ("refused" in entered) throw new Error(`refused: ${entered.refused}`);
  return entered;
}

describe("the upload gate", () => {
  it("lets in as many uploads as the form's slots, then says its uploads are busy until one leaves", () => {
    const gate = createUploadGate(bounds, { load: createPostLoad() });
    const held = ["a", "b", "c"].map((client) => slot(gate.enter(client, 0)));
    expect(gate.enter("d", 0)).toEqual({ refused: "uploads-busy" });
    held[1]!.leave();
    expect("refused" in gate.enter("d", 0)).toBe(false);
  });

  it("keeps one client to its own share of the slots", () => {
    const gate = createUploadGate(bounds, { load: createPostLoad() });
    slot(gate.enter("a", 0));
    slot(gate.enter("a", 0));
    expect(gate.enter("a", 0)).toEqual({ refused: "uploads-busy" });
    expect("refused" in gate.enter("b", 0)).toBe(false);
  });

  it("counts the bytes the uploads hold: a declared body that would not fit waits, and arriving bytes stop at the bound", () => {
    const gate = createUploadGate(bounds, { load: createPostLoad() });
    const first = slot(gate.enter("a", 600));
    expect(first.take(600)).toBe(true);
    expect(gate.enter("b", 500)).toEqual({ refused: "uploads-busy" });
    const second = slot(gate.enter("b", 400));
    expect(second.take(300)).toBe(true);
    expect(second.take(200)).toBe(false);
    first.leave();
    expect(second.take(200)).toBe(true);
  });

  it("gives a slot back once however often it is left", () => {
    const gate = createUploadGate({ ...bounds, perClient: 3 }, { load: createPostLoad() });
    const first = slot(gate.enter("a", 0));
    slot(gate.enter("a", 0));
    first.leave();
    first.leave();
    // Had the second leave freed a slot too, a fourth upload would get in.
    slot(gate.enter("a", 0));
    slot(gate.enter("a", 0));
    expect(gate.enter("a", 0)).toEqual({ refused: "uploads-busy" });
  });

  it("turns uploads away while more other form posts than UPLOAD_SHED_LOAD are in progress", () => {
    const load = createPostLoad();
    const gate = createUploadGate(bounds, { shedAt: 2, load });
    // The asking post counts itself: with two others in progress there is still room.
    for (let i = 0; i < 3; i++) load.arrived();
    expect("refused" in gate.enter("a", 0)).toBe(false);
    load.arrived();
    expect(gate.enter("b", 0)).toEqual({ refused: "server-loaded" });
    load.left();
    expect("refused" in gate.enter("b", 0)).toBe(false);
  });

  it("never sheds without UPLOAD_SHED_LOAD", () => {
    const load = createPostLoad();
    for (let i = 0; i < 100; i++) load.arrived();
    expect("refused" in createUploadGate(bounds, { load }).enter("a", 0)).toBe(false);
  });
});
