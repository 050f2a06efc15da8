import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { keepFormat, mergeBody } from "./keep-format";

/** What Decap sends for a YAML file: the same values, re-written in its own style (comments gone, keys sorted). */
function decapStyle(values: unknown): string {
  return stringify(values, { sortMapEntries: true });
}

/** The lines two texts differ in, as `-old` / `+new`, in order. */
function changedLines(before: string, after: string): string[] {
  const a = before.split("\n");
  const b = after.split("\n");
  if (a.length !== b.length) return [`${a.length} lines became ${b.length}`];
  return a.flatMap((line, i) => (line === b[i] ? [] : [`-${line}`, `+${b[i] ?? ""}`]));
}

const firm = `# The firm's identity. Sample values are fictional.
# Edited in the editor (Firm settings) or here.
name: "Lara Fuentes & Hale, PLLC"
phone: (281) 555-0142
messagingNumber: "12815550142"
analyticsId: ""
hours: { weekdays: "8:00-18:00", saturday: closed }
`;

const fees = `# The fee table.
fees:
  # USCIS fee rule of 2024.
  - id: i-130
    title: "Petition for a relative"
    amounts:
      - { variant: paper, amount: 675 }
      - { variant: online, amount: 625 }
    verified: 2026-11-24
  - id: i-485
    amounts:
      - { variant: standard, amount: 1440 }
    verified: 2026-11-24
    note: A child under 14 pays less.
paths:
  - id: marriage
    items: [i-130/paper, i-485]
`;

function edited(source: string, change: (values: Record<string, unknown>) => void): string {
  const values = parse(source) as Record<string, unknown>;
  change(values);
  return keepFormat("content/settings/x.yaml", source, decapStyle(values));
}

describe("a save keeps the file's own format", () => {
  it("changes only the edited value's line, keeping comments, quotes and key order", () => {
    const saved = edited(firm, (values) => (values.phone = "(281) 555-0177"));
    expect(changedLines(firm, saved)).toEqual(["-phone: (281) 555-0142", "+phone: (281) 555-0177"]);
  });

  it("keeps a double-quoted value double-quoted, and quotes a new string that would read as a number", () => {
    let saved = edited(firm, (values) => (values.name = "Lara Fuentes & Hale, LLP"));
    expect(changedLines(firm, saved)).toEqual([
      '-name: "Lara Fuentes & Hale, PLLC"',
      '+name: "Lara Fuentes & Hale, LLP"',
    ]);
    saved = edited(firm, (values) => (values.messagingNumber = "12815550177"));
    expect(changedLines(firm, saved)).toEqual(['-messagingNumber: "12815550142"', '+messagingNumber: "12815550177"']);
    saved = edited(firm, (values) => (values.phone = "2815550177"));
    expect(saved).toContain('phone: "2815550177"');
    expect(parse(saved)).toMatchObject({ phone: "2815550177" });
  });

  it("changes one amount inside a flow map of a list of a list, and nothing else", () => {
    const saved = edited(fees, (values) => {
      const table = values as { fees: { amounts: { amount: number }[]; verified: string }[] };
      table.fees[0]!.amounts[0]!.amount = 710;
      table.fees[0]!.verified = "2026-11-28";
    });
    expect(changedLines(fees, saved)).toEqual([
      "-      - { variant: paper, amount: 675 }",
      "+      - { variant: paper, amount: 710 }",
      "-    verified: 2026-11-24",
      "+    verified: 2026-11-28",
    ]);
  });

  it("adds a list item after its neighbour and removes one, in the list's own style", () => {
    const added = edited(fees, (values) => {
      const table = values as { fees: { amounts: unknown[] }[] };
      table.fees[1]!.amounts.push({ variant: "online", amount: 1400 });
    });
    expect(added).toBe(
      fees.replace(
        "      - { variant: standard, amount: 1440 }\n",
        "      - { variant: standard, amount: 1440 }\n      - { variant: online, amount: 1400 }\n",
      ),
    );
    expect(parse(added)).toMatchObject({ fees: [{}, { amounts: [{}, { variant: "online", amount: 1400 }] }] });

    const removed = edited(fees, (values) => {
      const table = values as { fees: unknown[] };
      table.fees.splice(0, 1);
    });
    // The comment written above the first item stays: it introduces the group, not the item.
    expect(removed).toBe(fees.replace(/ {2}- id: i-130\n[\s\S]*?(?= {2}- id: i-485)/, ""));
    expect(parse(removed)).toMatchObject({ fees: [{ id: "i-485" }] });
  });

  it("adds a key at the end of its group and drops one the editor emptied (written as null)", () => {
    const saved = edited(fees, (values) => {
      const table = values as { fees: Record<string, unknown>[] };
      table.fees[1]!.note = null;
      table.fees[0]!.effective = "2024-04-01";
    });
    expect(saved).toBe(
      fees
        .replace("    note: A child under 14 pays less.\n", "")
        .replace(
          "    verified: 2026-11-24\n  - id: i-485",
          "    verified: 2026-11-24\n    effective: 2024-04-01\n  - id: i-485",
        ),
    );
  });

  it("writes a new file as the editor sends it", () => {
    expect(keepFormat("content/en/blog/new.md", undefined, "---\ntitle: New\n---\nBody\n")).toBe(
      "---\ntitle: New\n---\nBody\n",
    );
  });
});

const page = `---
title: "Naturalization: Becoming a U.S. Citizen"
updated: 2026-11-20
topics: ["citizenship", "n-400"]
related:
  - practice-areas/family-based
---

The N-400 costs ::fee{id="n-400/paper"} on paper.

* First step: check eligibility.
* Second step: __file__ the form.

Call us for _a consultation_.
`;

describe("a Markdown save keeps the front matter's format and the body's untouched lines", () => {
  const decapPage = (front: Record<string, unknown>, body: string) => `---\n${decapStyle(front)}---\n${body}`;
  const values = () => {
    const front = /^---\n([\s\S]*?)---\n/.exec(page)?.[1] ?? "";
    return parse(front) as Record<string, unknown>;
  };
  // Decap's Markdown style for the same body: other list markers, emphasis and escapes.
  const restyled = `
The N-400 costs ::fee{id="n-400/paper"} on paper.

- First step: check eligibility.
- Second step: **file** the form.

Call us for *a consultation*.
`;

  it("keeps the body byte for byte when only the front matter changed", () => {
    const saved = keepFormat("content/en/x.md", page, decapPage({ ...values(), updated: "2026-11-28" }, restyled));
    expect(changedLines(page, saved)).toEqual(["-updated: 2026-11-20", "+updated: 2026-11-28"]);
  });

  it("changes only the edited line of the body", () => {
    const body = restyled.replace("check eligibility", "check your eligibility");
    const saved = keepFormat("content/en/x.md", page, decapPage(values(), body));
    expect(changedLines(page, saved)).toEqual([
      "-* First step: check eligibility.",
      "+- First step: check your eligibility.",
    ]);
  });

  it("adds and removes body lines where the editor did", () => {
    expect(mergeBody("a\n\n* b\n* c\n", "a\n\n- b\n- c\n- d\n")).toBe("a\n\n* b\n* c\n- d\n");
    expect(mergeBody("a\n\n* b\n* c\n", "a\n\n- c\n")).toBe("a\n\n* c\n");
  });
});
