import { describe, expect, it } from "vitest";
import { readStoredForm, storedFormJson, storedLead } from "./stored-form";
import { leadSchema, type Lead } from "./forms";

const columns = {
  kind: "consultation",
  locale: "es",
  name: "Ana Ruiz",
  email: "ana@example.com",
  phone: "(281) 555-0142",
  office: "katy",
  topic: "",
  message: "Necesito ayuda con mi caso.",
  page: "/es/contacto",
};

describe("a stored lead read back", () => {
  it("reads what this version writes, field for field", () => {
    const result = leadSchema("es").safeParse({
      ...columns,
      consent: true,
      safeContact: "Solo mensajes de texto",
      source: "consultation-lead",
      page: "javascript:alert(1)",
    });
    expect(result.success).toBe(true);
    const lead = result.data as Lead;
    const read = readStoredForm({
      ...columns,
      details: storedFormJson({ form: "lead", fields: storedLead(lead, "/es/contacto") }),
    });
    expect(read).toEqual({
      form: "lead",
      fields: {
        name: "Ana Ruiz",
        email: "ana@example.com",
        phone: "(281) 555-0142",
        office: "katy",
        message: "Necesito ayuda con mi caso.",
        consent: true,
        topic: "",
        safeContact: "Solo mensajes de texto",
        locale: "es",
        source: "consultation-lead",
        page: "/es/contacto",
      },
    });
  });

  it("reads a row stored before versions (the flat body), its page from the column, never the posted one", () => {
    const details = JSON.stringify({
      name: "Ana Ruiz",
      safeContact: "Text only",
      consent: true,
      page: "javascript:alert(1)",
      recaptchaToken: "token",
    });
    const read = readStoredForm({ ...columns, details });
    expect(read.form).toBe("lead");
    expect(read.fields).toMatchObject({ safeContact: "Text only", consent: true, page: "/es/contacto" });
    expect(JSON.stringify(read)).not.toContain("javascript:");
    expect(JSON.stringify(read)).not.toContain("token");
  });

  it("reads an unreadable or mistyped row from its columns, never a value of the wrong type", () => {
    const garbled = readStoredForm({ ...columns, details: "{not json" });
    expect(garbled.fields).toMatchObject({ name: "Ana Ruiz", office: "katy", consent: false, safeContact: undefined });
    const mistyped = readStoredForm({
      ...columns,
      details: JSON.stringify({ safeContact: 42, office: "mars", consent: "yes" }),
    });
    expect(mistyped.fields).toMatchObject({ safeContact: undefined, office: "katy", consent: false });
  });
});
