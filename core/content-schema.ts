import { z } from "zod";
import type { ContentKind } from "./content-kinds";
import { topicExemptionSchema, topicSchema } from "./facts-schema";
import { officeIds } from "./firm";
import type { PageKind } from "./routes";

/** How a job's pay is counted, in schema.org's unitText words. */
export const payPeriods = ["HOUR", "YEAR"] as const;
export type PayPeriod = (typeof payPeriods)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "use YYYY-MM-DD");
/** A page's key: the path of its file under content/{locale}/ without `.md`; checked against the route map at build. */
const pageKey = z.string().min(1);
/** One segment of a URL: what a page is called in its language's address. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = z.string().regex(slugPattern, "lowercase letters, digits and single hyphens, e.g. green-card-guide");
/**
 * An image uploaded in the editor (its original is kept in site/images/uploads/, which is not
 * published): scripts/build-images.ts publishes it as AVIF and WebP at the sizes pages use.
 */
export const uploadedImagePattern = /^\/images\/uploads\/[\w.-]+\.(?:jpe?g|png|webp)$/;
const uploadedImage = z.string().regex(uploadedImagePattern, "upload a JPEG, PNG or WebP image");

/**
 * What a page the firm adds says about its address: its kind, its slug in this file's language,
 * and the slugs it was published under before (each old address answers 301 to the new one).
 */
function routed<K extends ContentKind>(kind: K) {
  return {
    kind: z.literal(kind),
    slug,
    previousSlugs: z.array(slug).optional(),
    /** Where the page is listed among its kind (menus, indexes): lower first, then by file name. */
    order: z.number().int().min(1).optional(),
  };
}

const pageTopicsFields = {
  /** The 2025-26 development topics the page covers: it must show every current development on them. */
  topics: z.array(topicSchema).optional(),
  /** Developments on those topics the page does not show, each with the reviewed reason why. */
  topicExemptions: z.array(topicExemptionSchema).optional(),
};
/** The part of any page's front matter the development check reads, without rendering the page. */
export const pageTopicsSchema = z.object(pageTopicsFields);

const base = z.object({
  /** The document title (the site name is appended). */
  title: z.string().min(5).max(70),
  /** Meta description: 70 to 160 characters. */
  description: z.string().min(70).max(160),
  h1: z.string().min(3),
  /** The date the page's facts were last reviewed. */
  updated: isoDate,
  /** Short teaser used on cards and lists. */
  summary: z.string().min(20).max(260).optional(),
  related: z.array(pageKey).optional(),
  ...pageTopicsFields,
});

/**
 * The answer first: what a visitor in a hurry came for, at the top of a practice page. Each item is
 * one or two sentences of inline Markdown (fee references such as ::fee{id="i-485"}, links) and the
 * id of the heading below that says more; core/at-a-glance.ts checks the ids against the page.
 */
const glanceItem = z.object({
  text: z.string().min(10).max(320),
  /** The id of a heading on this page (as its anchor shows it, e.g. `how-to-renew-step-by-step`). */
  section: slug,
});
export const atAGlanceSchema = z.object({
  /** Who the page is for. */
  who: glanceItem,
  /** The government fees, from the fee table. */
  fees: glanceItem,
  /** How long it typically takes, or honestly that it varies (with USCIS's processing times). */
  time: glanceItem,
  /** The main risks for someone in a hurry: detention, bars, travel. */
  risks: glanceItem,
  /** What to do next. */
  next: glanceItem,
});
export type AtAGlance = z.infer<typeof atAGlanceSchema>;
export type GlanceTopic = keyof AtAGlance;

const practice = base.extend({
  ...routed("practice"),
  /** The summary block at the top; the content check requires it (core/at-a-glance.ts). */
  atAGlance: atAGlanceSchema.optional(),
  /** The file name of its practice area (content/{locale}/practice-areas/{category}.md): the folder it lives in. */
  category: slug,
  summary: z.string().min(20).max(260),
  forms: z.array(z.string()).default([]),
});

const article = base.extend({
  ...routed("article"),
  summary: z.string().min(20).max(260),
  /** The file name of the author's profile (content/{locale}/our-firm/{author}.md); checked at build. */
  author: slug,
  published: isoDate,
  related: z.array(pageKey).min(1),
});

const attorney = base.extend({
  ...routed("attorney"),
  name: z.string().min(3),
  role: z.string().min(2),
  /** What the photo shows, for readers who cannot see it: required, like every image's alt text. */
  photoAlt: z.string().min(5),
  education: z.array(z.string()).min(1),
  barAdmissions: z.array(z.string()).min(1),
  languages: z.array(z.string()).min(1),
  focus: z.array(pageKey).min(1),
  /** The attorney's photograph, uploaded in the editor; until there is one a monogram stands in. */
  photo: uploadedImage.optional(),
});

const job = base.extend({
  ...routed("job"),
  summary: z.string().min(20).max(260),
  department: z.string().min(2),
  location: z.enum(officeIds),
  employmentType: z.enum(["FULL_TIME", "PART_TIME", "CONTRACTOR", "INTERN"]),
  bilingualRequired: z.boolean(),
  posted: isoDate,
  validThrough: isoDate,
  /** The pay range in US dollars, shown on the posting and given to search engines as its baseSalary. */
  pay: z
    .object({
      min: z.number().int().positive(),
      max: z.number().int().positive(),
      per: z.enum(payPeriods),
    })
    .refine((pay) => pay.min <= pay.max, "pay.min is above pay.max"),
  responsibilities: z.array(z.string()).min(3),
  requirements: z.array(z.string()).min(3),
  benefits: z.array(z.string()).min(3),
});

const faqItem = z.object({ q: z.string().min(5), a: z.string().min(20), topic: z.string().min(3).optional() });
const faqs = base.extend({
  /** Questions in reading order; consecutive questions with the same topic are shown under one heading. */
  faqs: z.array(faqItem).min(20),
});

const city = base.extend({
  ...routed("city"),
  city: z.string().min(2),
  office: z.enum(officeIds),
});

/** A page of another category listed here too: its slug in this category, and the key of the page it repeats. */
const duplicate = z.object({ slug, page: pageKey });
const practiceCategory = base.extend({
  ...routed("practice-category"),
  summary: z.string().min(20).max(260),
  duplicates: z.array(duplicate).optional(),
});

const banner = z.object({
  image: z.string().optional(),
  overlay: z.enum(["light", "default", "dark"]).default("default"),
  height: z.enum(["small", "default", "large"]).default("default"),
});
const legal = base.extend({
  subtitle: z.string().optional(),
  effective: isoDate.optional(),
  lastUpdated: isoDate.optional(),
  banner: banner.optional(),
});

const video = z.object({
  youtubeId: z.string().regex(/^[\w-]{11}$/),
  title: z.string(),
  description: z.string(),
  duration: z.string().regex(/^PT(\d+M)?(\d+S)?$/),
  uploaded: isoDate,
});
const lfhTv = base.extend({ videos: z.array(video).min(3) });

export const frontMatterSchemas = {
  home: base,
  schedule: base,
  payment: base,
  fees: base,
  contact: base,
  "blog-index": base,
  article,
  "lfh-tv": lfhTv,
  sitemap: base,
  workbook: base,
  "areas-we-serve": base,
  "immigration-law": base,
  help: base,
  urgent: base,
  legal,
  firm: base,
  attorney,
  locations: base,
  faqs,
  careers: base,
  job,
  city,
  "practice-index": base,
  "practice-category": practiceCategory,
  practice,
} satisfies Record<PageKind, z.ZodType>;

export type FrontMatter<K extends PageKind> = z.infer<(typeof frontMatterSchemas)[K]>;
export type FaqItem = z.infer<typeof faqItem>;
export type Banner = z.infer<typeof banner>;
export type Video = z.infer<typeof video>;

/** Minimum body words per page kind: below these a page cannot answer its question well enough to rank or convert. */
export const minimumWords: Partial<Record<PageKind, number>> = {
  practice: 350,
  "practice-category": 200,
  city: 350,
  article: 900,
  attorney: 200,
  legal: 400,
  firm: 250,
  job: 150,
};

/** Placeholder text that must never ship. TODO/TBD are matched in capitals only: "todo" is Spanish. */
export const placeholderPatterns = [
  /lorem ipsum|coming soon|próximamente|translate me|\[translate\]|to be translated|necesita ser traducid|texto de ejemplo/i,
  /\bTODO\b|\bTBD\b|\bFIXME\b/,
];
