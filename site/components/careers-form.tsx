import { useEffect, useRef, useState, type FormEvent } from "react";
import { firm, officeByChoice, officeChoices } from "../../core/firm";
import { limits, resumeTypes } from "../../core/form-options";
import type { FieldErrors } from "../../core/forms";
import { pathOf } from "../../core/routes";
import { apiPaths } from "../../core/site-paths";
import { captchaToken } from "../lib/captcha";
import { useLocale, useMessages, usePathname } from "../lib/locale";
import { apiUrl, postForm } from "../lib/submit";
import { Field, Honeypot, ConsentRow } from "./form-fields";

type Status = "idle" | "submitting" | "success" | "error";

/** The job application (spec §3, §4, §8): multipart, with an optional resume. */
export function CareersForm({ job }: { job: string }) {
  const locale = useLocale();
  const t = useMessages();
  const pathname = usePathname();
  const [status, setStatus] = useState<Status>("idle");
  const [errors, setErrors] = useState<FieldErrors>({});
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status === "success") resultRef.current?.focus();
  }, [status]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === "submitting") return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "");
    const { careersSchema, validate } = await import("../../core/forms");
    const found = validate(careersSchema(locale), {
      fullName: text("fullName"),
      email: text("email"),
      phone: text("phone"),
      location: text("location"),
      linkedin: text("linkedin"),
      coverLetter: text("coverLetter"),
      consent: data.get("consent") === "true",
      company: text("company"),
    });
    const errs: FieldErrors = found.ok ? {} : { ...found.errors };
    const resume = data.get("resume");
    if (resume instanceof File && resume.size > 0) {
      const extension = resume.name.split(".").pop()?.toLowerCase() ?? "";
      if (!(extension in resumeTypes)) errs.resume ??= t.validation.resumeType;
      else if (resume.size > limits.resumeBytes) errs.resume ??= t.validation.resumeSize;
    } else {
      data.delete("resume");
    }
    setErrors(errs);
    const first = Object.keys(errs)[0];
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setStatus("submitting");
    try {
      data.set("recaptchaToken", await captchaToken("job_application"));
      await postForm("careers", data);
      form.reset();
      setStatus("success");
    } catch {
      setStatus("error");
    }
  }

  if (status === "success") {
    return (
      <div
        ref={resultRef}
        tabIndex={-1}
        role="status"
        className="rounded-xl border border-green-700/30 bg-green-50 p-6 text-green-950"
        data-testid="careers-success"
      >
        <p className="font-serif text-2xl font-semibold">{t.careers.successTitle}</p>
        <p className="mt-2">{t.careers.successMessage}</p>
      </div>
    );
  }

  const id = (name: string) => `careers-${name}`;
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
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="job" value={job} />
      <input type="hidden" name="page" value={pathname} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("fullName")} label={t.careers.fullName} error={errors.fullName}>
          {(p) => <input {...p} name="fullName" type="text" autoComplete="name" required className="field-input" />}
        </Field>
        <Field id={id("phone")} label={t.careers.phone} error={errors.phone}>
          {(p) => <input {...p} name="phone" type="tel" autoComplete="tel" required className="field-input" />}
        </Field>
      </div>
      <Field id={id("email")} label={t.careers.email} error={errors.email}>
        {(p) => <input {...p} name="email" type="email" autoComplete="email" required className="field-input" />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("location")} label={t.careers.location} error={errors.location}>
          {(p) => (
            <select {...p} name="location" required defaultValue="" className="field-input">
              <option value="" disabled>
                —
              </option>
              {officeChoices.map((choice) => (
                <option key={choice} value={choice}>
                  {officeByChoice(choice).label[locale]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={id("linkedin")} label={t.careers.linkedin} error={errors.linkedin}>
          {(p) => (
            <input
              {...p}
              name="linkedin"
              type="url"
              autoComplete="url"
              placeholder="https://www.linkedin.com/in/…"
              className="field-input"
            />
          )}
        </Field>
      </div>
      <Field id={id("coverLetter")} label={t.careers.coverLetter} error={errors.coverLetter}>
        {(p) => <textarea {...p} name="coverLetter" rows={6} required className="field-input" />}
      </Field>
      <Field id={id("resume")} label={t.careers.resume} error={errors.resume}>
        {(p) => (
          <input
            {...p}
            name="resume"
            type="file"
            accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            className="field-input"
          />
        )}
      </Field>
      <Honeypot id={id("company")} label={t.consultation.company} />
      <ConsentRow id={id("consent")} error={errors.consent}>
        {t.careers.consent}{" "}
        <a
          href={pathOf("legal/privacy-policy", locale)}
          className="font-medium text-navy-700 underline underline-offset-4"
        >
          {t.consultation.privacyLink}
        </a>
      </ConsentRow>
      {status === "error" && (
        <div
          role="alert"
          className="rounded-md border border-red-700/40 bg-red-50 px-4 py-3 text-red-900"
          data-testid="careers-error"
        >
          <p className="font-semibold">{t.careers.errorTitle}</p>
          <p className="mt-1">{t.careers.errorMessage}</p>
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
