import { describe, expect, it } from "vitest";
import { slugPattern } from "../../core/content-schema";
import { cmsConfig, type CmsCollection, type CmsField, type CmsFilesCollection } from "./cms-config";
import { mapPaths, toEditorPath, toSitePath } from "./locale-folders";

const config = cmsConfig(
  { name: "github", repo: "firm/site" },
  { url: "http://127.0.0.1:8081/api/v1" },
  ["family-based"],
  ["firm.yaml", "practice.yaml"],
);
const collection = (name: string) =>
  config.collections.find((c): c is CmsCollection => c.name === name && "folder" in c);
const files = (name: string) =>
  config.collections.find((c): c is CmsFilesCollection => c.name === name && "files" in c);
const field = (name: string, collectionName: string): CmsField | undefined =>
  collection(collectionName)?.fields.find((f) => f.name === name);

describe("the editor's configuration comes from the content schemas", () => {
  it("has a collection per kind the firm adds, one per practice area, English and Spanish side by side", () => {
    expect(config.collections.map((c) => c.name)).toEqual([
      "articles",
      "practice-family-based",
      "practice-areas",
      "cities",
      "attorneys",
      "jobs",
      "settings",
      "faq",
      "facts",
    ]);
    expect(config.i18n).toEqual({ structure: "multiple_folders", locales: ["en", "es"], default_locale: "en" });
    expect(config.publish_mode).toBe("editorial_workflow");
    expect(collection("practice-family-based")?.folder).toBe("content/practice-areas/family-based");
  });

  it("marks the fields the build requires, with the build's patterns, lengths and choices", () => {
    expect(field("slug", "articles")).toMatchObject({
      required: true,
      i18n: true,
      pattern: [slugPattern.source, "lowercase letters, digits and single hyphens, e.g. green-card-guide"],
    });
    expect(field("description", "articles")?.pattern).toEqual(["^[\\s\\S]{70,160}$", "70 to 160 characters"]);
    expect(field("published", "articles")).toMatchObject({
      widget: "datetime",
      format: "YYYY-MM-DD",
      i18n: "duplicate",
    });
    expect(field("previousSlugs", "articles")?.required).toBe(false);
    expect(field("employmentType", "jobs")).toMatchObject({
      widget: "select",
      required: true,
      i18n: "duplicate",
    });
    expect(field("responsibilities", "jobs")).toMatchObject({ widget: "list", min: 3, required: true });
    expect(field("kind", "cities")).toMatchObject({ widget: "hidden", default: "city" });
    expect(field("category", "practice-family-based")).toMatchObject({ widget: "hidden", default: "family-based" });
    // An attorney's photo is an upload, and its description is required with it.
    expect(field("photo", "attorneys")).toMatchObject({ widget: "image", required: false });
    expect(field("photoAlt", "attorneys")?.required).toBe(true);
  });

  it("edits the firm's settings, the FAQ and the ledger with the fields their schemas declare", () => {
    const offices = files("settings")?.files.find((f) => f.name === "offices");
    expect(offices?.file).toBe("content/settings/offices.yaml");
    const officeFields = offices?.fields[0]?.fields ?? [];
    expect(officeFields.find((f) => f.name === "postalCode")).toMatchObject({
      required: true,
      pattern: ["^\\d{5}$", "five digits"],
    });
    expect(officeFields.find((f) => f.name === "isHQ")?.widget).toBe("boolean");
    const firm = files("settings")?.files.find((f) => f.name === "firm");
    expect(firm?.fields.find((f) => f.name === "phone")?.pattern?.[1]).toBe("write it as (281) 555-0142");
    expect(firm?.fields.find((f) => f.name === "hours")?.fields?.find((f) => f.name === "days")?.options).toContain(
      "Monday",
    );
    // Staff correct a fee in one place: the fee table, each amount a variant and a whole number.
    const fees = files("settings")?.files.find((f) => f.name === "fees");
    expect(fees?.file).toBe("content/facts/fees.yaml");
    const feeFields = fees?.fields.find((f) => f.name === "fees")?.fields ?? [];
    const amountFields = feeFields.find((f) => f.name === "amounts")?.fields ?? [];
    expect(amountFields.find((f) => f.name === "variant")?.options).toContain("small-employer");
    expect(amountFields.find((f) => f.name === "amount")).toMatchObject({ widget: "number", value_type: "int" });
    // Each fee's id lists the pages that show it (site/admin/fee-usage.ts).
    expect(feeFields.find((f) => f.name === "id")?.widget).toBe("fee-id");
    expect(feeFields.find((f) => f.name === "amounts")?.collapsed).toBe(false);
    expect(files("facts")?.files.map((f) => f.file)).not.toContain("content/facts/fees.yaml");
    expect(files("faq")?.files.map((f) => f.file)).toEqual([
      "content/en/our-firm/faqs.md",
      "content/es/our-firm/faqs.md",
    ]);
    expect(files("faq")?.files[0]?.fields.find((f) => f.name === "faqs")).toMatchObject({ widget: "list", min: 20 });
    const ledger = files("facts")?.files ?? [];
    expect(ledger.map((f) => f.file)).toEqual(["content/facts/firm.yaml", "content/facts/practice.yaml"]);
    const fact = ledger[0]?.fields[0]?.fields ?? [];
    expect(fact.find((f) => f.name === "verified")).toMatchObject({ widget: "datetime", required: true });
    expect(fact.find((f) => f.name === "claimEs")?.required).toBe(false);
  });

  it("lets staff save the firm's settings with an unused analytics ID or video key, and still requires the phone", () => {
    const firm = files("settings")?.files.find((f) => f.name === "firm")?.fields ?? [];
    const byName = (name: string) => firm.find((f) => f.name === name);
    expect(byName("analyticsId")).toMatchObject({ label: "Analytics ID", required: false });
    expect(byName("videoApiKey")).toMatchObject({ label: "Video API key", required: false });
    expect(byName("phone")?.required).toBe(true);
    // Settings are one file, not translated: no field in them carries a translation setting.
    expect(JSON.stringify(firm)).not.toContain("i18n");
    const offices = files("settings")?.files.find((f) => f.name === "offices")?.fields[0];
    expect(offices?.hint).toContain("All offices share the firm's phone number");
    expect(offices?.hint).toContain("#/collections/settings/entries/firm");
  });

  it("shows choices by name and picks authors and related pages from those that exist", () => {
    expect(field("employmentType", "jobs")?.options).toEqual([
      { label: "Full time", value: "FULL_TIME" },
      { label: "Part time", value: "PART_TIME" },
      { label: "Contractor", value: "CONTRACTOR" },
      { label: "Intern", value: "INTERN" },
    ]);
    expect(field("location", "jobs")?.options).toContainEqual({ label: "The Woodlands", value: "shenandoah" });
    expect(field("office", "cities")?.options).toContainEqual({ label: "Houston", value: "houston" });
    const pay = field("pay", "jobs");
    expect(pay?.fields?.find((f) => f.name === "per")?.options).toEqual([
      { label: "per hour", value: "HOUR" },
      { label: "per year", value: "YEAR" },
    ]);
    expect(field("author", "articles")).toMatchObject({ widget: "relation", collection: "attorneys", required: true });
    expect(field("related", "articles")).toMatchObject({ widget: "select", multiple: true, min: 1 });
    expect(field("related", "articles")?.options).toContainEqual({
      label: "/practice-areas/citizenship/naturalization",
      value: "practice-areas/citizenship/naturalization",
    });
    expect(field("focus", "attorneys")).toMatchObject({ widget: "select", multiple: true });
  });

  it("lets a job's pay be entered once and copied to the Spanish posting", () => {
    const pay = field("pay", "jobs");
    expect(pay).toMatchObject({ widget: "object", i18n: true });
    expect(pay?.fields?.map((f) => f.i18n)).toEqual(["duplicate", "duplicate", "duplicate"]);
  });

  it("uses plain labels and counts the description's characters", () => {
    expect(field("h1", "articles")?.label).toBe("Page heading");
    expect(field("slug", "articles")?.label).toBe("Web address");
    expect(field("description", "articles")?.widget).toBe("counted");
    expect(field("description", "articles")?.hint).toContain("70 to 160");
  });

  it("refuses a body image without alt text", () => {
    const [pattern] = field("body", "articles")?.pattern ?? [""];
    expect(new RegExp(pattern).test("Text ![A lawyer at her desk](/images/uploads/a.jpg)")).toBe(true);
    expect(new RegExp(pattern).test("Text ![](/images/uploads/a.jpg)")).toBe(false);
  });
});

describe("the editor's view of content/", () => {
  it("puts the language above the file, as multiple_folders expects, and back", () => {
    expect(toSitePath("content/practice-areas/family-based/es/k-3-spouse-visa.md")).toBe(
      "content/es/practice-areas/family-based/k-3-spouse-visa.md",
    );
    expect(toEditorPath("content/es/blog/eb1-green-card-eligibility.md")).toBe(
      "content/blog/es/eb1-green-card-eligibility.md",
    );
    expect(toSitePath("site/images/uploads/photo.jpg")).toBe("site/images/uploads/photo.jpg");
    expect(mapPaths({ dataFiles: [{ path: "content/blog/en/a.md", raw: "x" }] }, toSitePath)).toEqual({
      dataFiles: [{ path: "content/en/blog/a.md", raw: "x" }],
    });
  });
});
