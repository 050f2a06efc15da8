import { captchaActions } from "../../../core/form-options";
import { leadSchema, type Lead } from "../../../core/forms";
import { apiPaths } from "../../../core/site-paths";
import { storedFormJson, storedLead } from "../../../core/stored-form";
import type { FormDefinition } from "./accept";
import type { RateLimiter } from "../rate-limit";

/** Consultation and information requests: JSON from the page, or a plain form post without JavaScript. */
export function leadForm(limiter: RateLimiter): FormDefinition<Lead> {
  return {
    route: apiPaths.leads,
    bodyLimits: { json: 64 * 1024, form: 64 * 1024, multipart: 64 * 1024 },
    fields: new Set(Object.keys(leadSchema("en").shape)),
    limiter,
    schema: leadSchema,
    safeContactGiven: (lead) => Boolean(lead.safeContact),
    captchaAction: (lead) => captchaActions[lead.source ?? "consultation-lead"],
    prepare(lead, _body, { locale, page }) {
      return Promise.resolve({
        ok: true,
        record: {
          kind: lead.source === "information-request" ? "information" : "consultation",
          locale,
          name: lead.name,
          email: lead.email,
          phone: lead.phone,
          office: lead.office ?? "",
          topic: lead.topic ?? "",
          message: lead.message,
          page,
          details: storedFormJson({ form: "lead", fields: storedLead(lead, page) }),
          resume_name: null,
          resume_type: null,
          resume: null,
        },
      });
    },
  };
}
