import { describe, expect, it } from "vitest";
import { careersSchema, leadSchema, validate } from "./forms";

const good = {
  name: "Ana Ruiz",
  email: "ana@example.com",
  phone: "281 555 0142",
  message: "We need help with a marriage green card.",
  consent: true,
  company: "",
};

describe("consultation form rules", () => {
  it("accepts a complete request, with or without an office", () => {
    expect(validate(leadSchema("en"), good).ok).toBe(true);
    expect(validate(leadSchema("en"), { ...good, office: "katy" }).ok).toBe(true);
    expect(validate(leadSchema("en"), { ...good, office: "" }).ok).toBe(true);
  });

  it.each([
    ["name", "A", "Please enter your full name"],
    ["email", "ana@", "Please enter a valid email address"],
    ["phone", "12345", "Please enter a valid phone number"],
    ["message", "Help me", "Please add some details (at least 10 characters)"],
    ["consent", false, "You must agree to the privacy policy to continue"],
  ])("reports %s with the exact message", (field, value, message) => {
    const result = validate(leadSchema("en"), { ...good, [field]: value });
    expect(result).toEqual({ ok: false, errors: { [field]: message } });
  });

  it("rejects an office outside woodlands, houston, irving, katy", () => {
    const result = validate(leadSchema("en"), { ...good, office: "dallas" });
    expect(result.ok).toBe(false);
  });

  it("keeps the honeypot empty", () => {
    expect(validate(leadSchema("en"), { ...good, company: "ACME" }).ok).toBe(false);
  });

  it("reports one error per field, in the visitor's language", () => {
    const result = validate(leadSchema("es"), { name: "", email: "", phone: "", message: "", consent: false });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual(["consent", "email", "message", "name", "phone"]);
      expect(result.errors.name).toBe("Por favor, escriba su nombre completo");
    }
  });

  it("trims whitespace before checking lengths", () => {
    expect(validate(leadSchema("en"), { ...good, name: "  A  " }).ok).toBe(false);
  });
});

describe("job application rules", () => {
  const application = {
    fullName: "Luis Vega",
    email: "luis@example.com",
    phone: "2815550100",
    location: "houston",
    linkedin: "",
    coverLetter: "I have five years of experience as a bilingual legal assistant in Houston.",
    consent: true,
  };
  it("accepts a complete application, LinkedIn optional", () => {
    expect(validate(careersSchema("en"), application).ok).toBe(true);
    expect(
      validate(careersSchema("en"), { ...application, linkedin: "https://www.linkedin.com/in/luis-vega" }).ok,
    ).toBe(true);
  });
  it("accepts a LinkedIn address as people copy it, without https://", () => {
    for (const linkedin of ["linkedin.com/in/luis-vega", "www.linkedin.com/in/luis-vega", "mx.linkedin.com/in/luis"])
      expect(validate(careersSchema("en"), { ...application, linkedin }).ok, linkedin).toBe(true);
  });
  it("rejects a LinkedIn value that is not a LinkedIn address", () => {
    expect(validate(careersSchema("en"), { ...application, linkedin: "javascript:alert(1)" }).ok).toBe(false);
  });
});
