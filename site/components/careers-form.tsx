import { useState, type FormEvent } from "react";
import { firm, type OfficeChoice } from "../../core/firm";
import { captchaActions, resumeProblem } from "../../core/form-options";
import {
  applicationFields,
  labelOf,
  type ApplicationField,
  type FieldErrors,
  type FormValues,
} from "../../core/form-fields";
import { apiPaths } from "../../core/site-paths";
import { captchaToken } from "../lib/captcha";
import { apiUrl, postForm } from "../lib/submit";
import { Field, FileField, HiddenField, Honeypot, OfficeOptions } from "./form-fields";
import { ConsentField, FormSent, SendFailed, SentReference, useFormSubmission } from "./form-submission";

/**
 * The job application: multipart, with an optional resume. A posting at one office sends that
 * office and asks for none; without one the applicant chooses.
 */
export function CareersForm({ job, office }: { job: string; office?: OfficeChoice }) {
  const { locale, t, pathname, status, errors, resultRef, submit, failure } = useFormSubmission<ApplicationField>();
  const [reference, setReference] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: ApplicationField) => {
      const value = data.get(name);
      return typeof value === "string" ? value : "";
    };
    const { careersSchema, validate } = await import("../../core/forms");
    const check = () => {
      const values: FormValues<ApplicationField> = {
        fullName: text("fullName"),
        email: text("email"),
        phone: text("phone"),
        location: text("location"),
        linkedin: text("linkedin"),
        coverLetter: text("coverLetter"),
        consent: data.get("consent") === "true",
        company: text("company"),
      };
      const found = validate(careersSchema(locale), values);
      const errs: FieldErrors<ApplicationField> = found.ok ? {} : { ...found.errors };
      const resume = data.get("resume");
      if (resume instanceof File && resume.size > 0) {
        // The same rule the API applies (which also checks the file's bytes).
        const problem = resumeProblem(resume);
        if (problem) errs.resume ??= t.validation[problem];
      } else {
        data.delete("resume");
      }
      return Promise.resolve(errs);
    };
    await submit(form, check, async () => {
      data.set("recaptchaToken", await captchaToken(captchaActions.application));
      setReference((await postForm("careers", data)).reference);
    });
  }

  if (status === "success") {
    return (
      <FormSent resultRef={resultRef} testId="careers-success" className="text-green-950">
        <p className="font-serif text-2xl font-semibold">{t.careers.successTitle}</p>
        <p className="mt-2">{t.careers.successMessage}</p>
        <SentReference reference={reference} />
      </FormSent>
    );
  }

  const field = (name: ApplicationField) => ({
    id: `careers-${name}`,
    name,
    label: labelOf(applicationFields, name, t),
    error: errors[name],
  });
  return (
    <form
      action={apiUrl(apiPaths.careers)}
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="space-y-4"
      data-testid="careers-form"
    >
      <HiddenField<ApplicationField> name="locale" value={locale} />
      <HiddenField<ApplicationField> name="job" value={job} />
      <HiddenField<ApplicationField> name="page" value={pathname} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...field("fullName")}>
          {(p) => <input {...p} type="text" autoComplete="name" required className="field-input" />}
        </Field>
        <Field {...field("phone")}>
          {(p) => <input {...p} type="tel" autoComplete="tel" required className="field-input" />}
        </Field>
      </div>
      <Field {...field("email")}>
        {(p) => <input {...p} type="email" autoComplete="email" required className="field-input" />}
      </Field>
      <div className={office ? "" : "grid gap-4 sm:grid-cols-2"}>
        {office ? (
          <HiddenField<ApplicationField> name="location" value={office} />
        ) : (
          <Field {...field("location")}>
            {(p) => (
              <select {...p} required defaultValue="" className="field-input">
                <option value="" disabled>
                  —
                </option>
                <OfficeOptions />
              </select>
            )}
          </Field>
        )}
        <Field {...field("linkedin")}>
          {(p) => (
            <input
              {...p}
              type="url"
              autoComplete="url"
              placeholder="https://www.linkedin.com/in/…"
              className="field-input"
            />
          )}
        </Field>
      </div>
      <Field {...field("coverLetter")} hint={t.careers.coverLetterHint}>
        {(p) => <textarea {...p} rows={6} required className="field-input" />}
      </Field>
      <FileField
        {...field("resume")}
        accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        choose={t.careers.chooseFile}
        none={t.careers.noFile}
      />
      <Honeypot {...field("company")} />
      <ConsentField {...field("consent")} />
      {status === "error" && (
        <div
          role="alert"
          className="rounded-md border border-red-700/40 bg-red-50 px-4 py-3 text-red-900"
          data-testid="careers-error"
        >
          <p className="font-semibold">{t.careers.errorTitle}</p>
          <p className="mt-1">{t.careers.errorMessage}</p>
          <SendFailed failure={failure} />
          <p className="mt-1">
            {t.careers.emailUs}{" "}
            <a
              href={`mailto:${firm.careersEmail}`}
              className="font-semibold underline"
              target="_blank"
              rel="noopener noreferrer"
            >
              {firm.careersEmail}
            </a>
          </p>
        </div>
      )}
      <button
        type="submit"
        disabled={status === "submitting"}
        className="btn-primary w-full justify-center py-3 text-base sm:w-auto"
      >
        {status === "submitting" ? t.careers.submitting : t.careers.submit}
      </button>
    </form>
  );
}
