import { describe, expect, it } from "vitest";
import { careersSchema, leadSchema, validate } from "./forms";
import { resumeProblem, safeResumeName } from "./form-options";
import { looksLikePhone, singleLine, visibleControls } from "./text";

const good = {
  name: "Ana Ruiz",
  email: "ana@example.com",
  phone: "(281) 555-0142",
  message: "We need help with a marriage green card.",
  consent: true,
  company: "",
};

const errorsFor = (field: string, value: unknown, locale: "en" | "es" = "en") => {
  const result = validate(leadSchema(locale), { ...good, [field]: value });
  return result.ok ? {} : result.errors;
};

describe("text that is not text is refused, in both languages", () => {
  it("refuses a name of three zero-width spaces, and a name without letters", () => {
    expect(errorsFor("name", "\u200B\u200B\u200B").name).toBe(
      "Please remove invisible or control characters from this field",
    );
    expect(errorsFor("name", "12345 !!").name).toBe("Please enter your full name");
  });

  it.each([
    ["NUL", "Ana\u0000Ruiz"],
    ["ESC", "Ana \u001b[2J Ruiz"],
    ["a right-to-left override", "Ana \u202EziuR"],
    ["a line break", "Ana\r\nConsent: No"],
    ["a lone surrogate", "Ana \uD800 Ruiz"],
    ["a zero-width space", "Ana\u200BRuiz"],
  ])("refuses %s in a single-line field with a message in English and Spanish", (_label, value) => {
    expect(errorsFor("name", value).name).toBe("Please remove invisible or control characters from this field");
    expect(errorsFor("name", value, "es").name).toBe(
      "Por favor, quite los caracteres invisibles o de control de este campo",
    );
    expect(errorsFor("phone", `281 555 0142${value.slice(3)}`).phone).toBeDefined();
  });

  it("allows line breaks in the message only, and refuses other controls there", () => {
    expect(errorsFor("message", "First line\nsecond line, with details.").message).toBeUndefined();
    expect(errorsFor("message", "Emoji family 👨‍👩‍👧 is fine in a message").message).toBeUndefined();
    expect(errorsFor("message", "Hello there\u001b]8;;http://evil.example\u0007link").message).toBe(
      "Please remove invisible or control characters from this field",
    );
  });

  it.each([
    ["Unicode tag characters", "Ana\u{E0041}\u{E0042} Ruiz"],
    ["a blank Braille pattern", "Ana \u2800 Ruiz"],
    ["deprecated format characters U+206A/B", "Ana\u206A\u206B Ruiz"],
    ["a variation selector", "Ana\uFE0F Ruiz"],
    ["a Mongolian variation selector", "Ana\u180B Ruiz"],
    ["a shorthand format control", "Ana\u{1BCA0} Ruiz"],
    ["an Egyptian hieroglyph format control", "Ana\u{13430} Ruiz"],
    ["a private-use character", "Ana\uE000 Ruiz"],
    ["an unassigned code point", "Ana\u{E0080} Ruiz"],
    ["a zero-width joiner", "Ana\u200DRuiz"],
  ])("refuses %s in a name, by its Unicode property", (_label, value) => {
    expect(errorsFor("name", value).name).toBe("Please remove invisible or control characters from this field");
    expect(errorsFor("name", value, "es").name).toBe(
      "Por favor, quite los caracteres invisibles o de control de este campo",
    );
  });

  it("allows joiners and emoji presentation selectors in the message only", () => {
    for (const message of [
      "Thanks \u2764\uFE0F for the help",
      "Family \u{1F468}\u200D\u{1F469}\u200D\u{1F467} visa",
      "می\u200Cخواهم visa help",
    ])
      expect(errorsFor("message", message).message, message).toBeUndefined();
    for (const message of [
      "Hidden \u{E0041}\u{E0042} tag text",
      "Braille \u2800\u2800 blank",
      "Selector \u180B here ok",
    ])
      expect(errorsFor("message", message).message, message).toBe(
        "Please remove invisible or control characters from this field",
      );
  });

  it("stores names in one normal form (NFC)", () => {
    const result = validate(leadSchema("en"), { ...good, name: "Jose\u0301 Pe\u0301rez" });
    expect(result.ok && result.data.name).toBe("José Pérez");
  });

  it("requires a phone to look like a phone number", () => {
    for (const phone of ["(281) 555-0142", "+52 55 1234 5678", "281.555.0142 ext. 12", "2815550142"])
      expect(looksLikePhone(phone), phone).toBe(true);
    for (const phone of ["call me maybe", "1234567890123456789", "555-01", "281-555-0142; drop table"])
      expect(looksLikePhone(phone), phone).toBe(false);
    expect(errorsFor("phone", "call me please").phone).toBe("Please enter a valid phone number");
  });

  it("applies the same rules to job applications", () => {
    const result = validate(careersSchema("en"), {
      fullName: "\u200B\u200B\u200B",
      email: "luis@example.com",
      phone: "2815550100",
      location: "houston",
      coverLetter: "x".repeat(60),
      consent: true,
    });
    expect(result.ok ? {} : result.errors).toEqual({
      fullName: "Please remove invisible or control characters from this field",
    });
  });
});

describe("rendering text where it could be mistaken for something else", () => {
  it("shows controls and bidi characters as visible escapes", () => {
    expect(visibleControls("a\u001b[2Jb\rc\u202Ed\u0007")).toBe("a\\x1b[2Jb\\x0dc\\u202ed\\x07");
    expect(visibleControls("one\ntwo", true)).toBe("one\ntwo");
  });
  it("turns line breaks into spaces for single-line output", () => {
    expect(singleLine("Ana\r\nConsent: No")).toBe("Ana Consent: No");
  });
});

describe("the resume rule", () => {
  it("accepts PDF, DOC and DOCX up to 5 MB", () => {
    expect(resumeProblem({ name: "cv.PDF", size: 1000 })).toBeUndefined();
    expect(resumeProblem({ name: "cv.exe", size: 1000 })).toBe("resumeType");
    expect(resumeProblem({ name: "cv.docx", size: 5 * 1024 * 1024 + 1 })).toBe("resumeSize");
    expect(resumeProblem({ name: `${"a".repeat(252)}.pdf`, size: 1000 })).toBe("resumeName");
    expect(resumeProblem({ name: `${"a".repeat(251)}.pdf`, size: 1000 })).toBeUndefined();
  });
  it("makes file names safe to store and attach", () => {
    expect(safeResumeName("../../etc/passwd\u001b[2J.pdf", "pdf")).toBe("passwd_2J.pdf");
    expect(safeResumeName('C:\\Users\\ana\\Currículum "Ana".docx', "docx")).toBe("Currículum _Ana.docx");
    expect(safeResumeName("\u202Efdp.exe", "pdf")).toBe("fdp.pdf");
    expect(safeResumeName(" _.my résumé 2026 ._-.docx", "docx")).toBe("my résumé 2026.docx");
    expect(safeResumeName("no-extension", "pdf")).toBe("no-extension.pdf");
  });
});
