import { describe, expect, it } from "vitest";
import { newReference, parseReference, referenceAlphabet, referencePattern } from "./reference";

describe("references read aloud", () => {
  it("are short, match the pattern and never use characters people confuse", () => {
    for (let i = 0; i < 500; i++) {
      const reference = newReference();
      expect(reference).toMatch(referencePattern);
      expect(reference.slice(4)).not.toMatch(/[01OIL]/);
      expect(parseReference(reference)).toBe(reference);
    }
    expect(referenceAlphabet).toHaveLength(31);
  });

  it("are read back in lower case, without dashes, with spaces or without the prefix", () => {
    const reference = newReference();
    const [, a, b] = reference.split("-");
    for (const typed of [reference.toLowerCase(), `LFH${a}${b}`, ` lfh ${a} ${b} `, `${a}-${b}`, `${a}${b}`])
      expect(parseReference(typed)).toBe(reference);
  });

  it("refuse one wrong character and two neighbours swapped", () => {
    const reference = newReference();
    const chars = reference.replace(/-/g, "").slice(3);
    for (let i = 0; i < chars.length; i++) {
      for (const other of referenceAlphabet) {
        if (other === chars[i]) continue;
        const typo = chars.slice(0, i) + other + chars.slice(i + 1);
        expect(parseReference(typo)).toBeUndefined();
      }
      if (i + 1 < chars.length && chars[i] !== chars[i + 1]) {
        const swapped = chars.slice(0, i) + chars[i + 1] + chars[i] + chars.slice(i + 2);
        expect(parseReference(swapped)).toBeUndefined();
      }
    }
    for (const bad of ["", "LFH", "LFH-0000-00", "LFH-7K3Q-9", "a3a3e1c4-0000-4000-8000-000000000000"])
      expect(parseReference(bad)).toBeUndefined();
  });

  it("draw every character alike from unbiased bytes", () => {
    const bytes = [255, 250, 0, 30, 31, 247, 100]; // 248 and up are drawn again
    let at = 0;
    const reference = newReference((out) => out.map(() => bytes[at++ % bytes.length]!));
    // 0 → "2", 30 → "Z", 31 → "2", 247 → "Z", 100 → "9"
    expect(reference.slice(0, 10)).toBe("LFH-2Z2Z-9");
  });
});
