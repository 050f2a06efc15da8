import { careersSchema, type JobApplication } from "../../../core/forms";
import { captchaActions, limits } from "../../../core/form-options";
import { messages } from "../../../core/i18n";
import { apiPaths } from "../../../core/site-paths";
import { storedApplication, storedFormJson } from "../../../core/stored-form";
import type { FormDefinition } from "./accept";
import type { RateLimiter } from "../rate-limit";
import { checkResume } from "../uploads/index";

export interface CareersOptions {
  limiter: RateLimiter;
}

/** Job applications: multipart with an optional resume, checked by its bytes. */
export function careersForm(options: CareersOptions): FormDefinition<JobApplication> {
  return {
    route: apiPaths.careers,
    // A resume comes only as multipart; JSON and plain form posts carry text alone.
    bodyLimits: { multipart: limits.resumeBytes + 1024 * 1024, form: 64 * 1024, json: 64 * 1024 },
    fields: new Set([...Object.keys(careersSchema("en").shape), "resume"]),
    limiter: options.limiter,
    // Two full-size applications' bodies in memory at once, or four of a usual size.
    inProgress: { total: 4, perClient: 1, bytes: 2 * (limits.resumeBytes + 1024 * 1024) },
    schema: careersSchema,
    captchaAction: () => captchaActions.application,
    async prepare(application, body, { locale, page, spam }) {
      const m = messages(locale).validation;
      const file = body.files.resume;
      let resume: { name: string; type: string; bytes: Buffer } | undefined;
      if (file && !spam) {
        const checked = await checkResume(file);
        if (!checked.ok) return { ok: false, errors: { resume: m[checked.problem] }, reason: checked.reason };
        resume = checked;
      }
      return {
        ok: true,
        record: {
          kind: "application",
          locale,
          name: application.fullName,
          email: application.email,
          phone: application.phone,
          office: application.location,
          topic: "",
          message: application.coverLetter,
          page,
          details: storedFormJson({ form: "application", fields: storedApplication(application, page) }),
          resume_name: resume?.name ?? null,
          resume_type: resume?.type ?? null,
          resume: resume?.bytes ?? null,
        },
      };
    },
  };
}
