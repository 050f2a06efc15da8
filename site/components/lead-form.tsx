import { useState, type FormEvent } from "react";
import type { OfficeChoice } from "../../core/firm";
import { leadTopics, leadUrgencies, type LeadSource } from "../../core/form-options";
import { apiPaths } from "../../core/site-paths";
import { usePath } from "../lib/locale";
import { apiUrl } from "../lib/submit";
import { notify } from "../lib/toast";
import { leadFields, labelOf, type FormValues, type LeadField } from "../../core/form-fields";
import { Field, HiddenField, Honeypot, OfficeOptions } from "./form-fields";
import { ConsentField, FormSent, SendFailed, SentReference, useFormSubmission } from "./form-submission";

interface Props {
  source: LeadSource;
  /** Prefix for element ids, so two forms can share a page. */
  idPrefix: string;
  withTopic?: boolean;
  /** Survivors' pages: ask how and when the firm may reach the visitor safely. */
  safeContact?: boolean;
  /** The office chosen at first (a city page's nearest); the visitor may change it. */
  office?: OfficeChoice;
}

/** Reads the form into the intake API's request body (plus topic for information requests). */
function bodyOf(form: HTMLFormElement, withTopic: boolean, safeContact: boolean): FormValues<LeadField> {
  const data = new FormData(form);
  const text = (name: LeadField) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    office: text("office"),
    message: text("message"),
    consent: data.get("consent") === "true",
    company: text("company"),
    urgency: text("urgency"),
    ...(withTopic ? { topic: text("topic") } : {}),
    ...(safeContact ? { safeContact: text("safeContact") } : {}),
  };
}

/** The consultation and information-request form: validation, captcha, states. */
export function LeadForm({ source, idPrefix, withTopic = false, safeContact = false, office }: Props) {
  const { locale, t, pathname, status, errors, resultRef, submit, failure } = useFormSubmission<LeadField>();
  const path = usePath();
  const [reference, setReference] = useState<string>();
  // She said how it is safe to reach her: the confirmation must not promise a call from our number.
  const [safeContactGiven, setSafeContactGiven] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = bodyOf(form, withTopic, safeContact);
    const { validateLead, sendLead } = await import("../lib/send-lead");
    const sent = await submit(
      form,
      async () => {
        const result = await validateLead(body, locale);
        return result.ok ? {} : result.errors;
      },
      async () => {
        setReference(await sendLead(body, locale, source, pathname));
        setSafeContactGiven(typeof body.safeContact === "string" && body.safeContact.trim() !== "");
      },
    );
    if (sent) notify(t.ui.toastSent);
  }

  if (status === "success") {
    return (
      <FormSent resultRef={resultRef} testId={`${idPrefix}-success`} className="text-green-950">
        <p className="text-lg font-semibold text-green-900">{t.consultation.success}</p>
        <h3 className="mt-4 font-semibold text-green-950">{t.consultation.nextTitle}</h3>
        <ul className="mt-2 list-disc space-y-1.5 pl-5">
          <li>{safeContactGiven ? t.consultation.nextSafeContact : t.consultation.nextCall}</li>
          <li>{t.consultation.nextUrgent}</li>
        </ul>
        <SentReference reference={reference} />
      </FormSent>
    );
  }

  const field = (name: LeadField) => ({
    id: `${idPrefix}-${name}`,
    name,
    label: labelOf(leadFields, name, t),
    error: errors[name],
  });
  const loading = status === "submitting";
  return (
    <form
      action={apiUrl(apiPaths.leads)}
      method="post"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="space-y-4"
      data-testid={`${idPrefix}-form`}
    >
      <HiddenField<LeadField> name="locale" value={locale} />
      <HiddenField<LeadField> name="source" value={source} />
      <HiddenField<LeadField> name="page" value={pathname} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...field("name")}>
          {(p) => <input {...p} type="text" autoComplete="name" required minLength={2} className="field-input" />}
        </Field>
        <Field {...field("phone")}>
          {(p) => <input {...p} type="tel" autoComplete="tel" required minLength={7} className="field-input" />}
        </Field>
      </div>
      <Field {...field("email")}>
        {(p) => <input {...p} type="email" autoComplete="email" required className="field-input" />}
      </Field>
      <div className={withTopic ? "grid gap-4 sm:grid-cols-2" : ""}>
        <Field {...field("office")}>
          {(p) => (
            <select {...p} defaultValue={office ?? ""} className="field-input">
              <option value="">{t.consultation.officeAny}</option>
              <OfficeOptions />
            </select>
          )}
        </Field>
        {withTopic && (
          <Field {...field("topic")}>
            {(p) => (
              <select {...p} defaultValue="" className="field-input">
                <option value="">{t.information.topicAny}</option>
                {leadTopics.map((topic) => (
                  <option key={topic} value={topic}>
                    {t.topics[topic]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>
      {/* Optional, and "No" unless changed: an urgent lead is called back first and alerts the firm at once. */}
      <div>
        <Field {...field("urgency")}>
          {(p) => (
            <select {...p} defaultValue="" className="field-input">
              <option value="">{t.urgent.no}</option>
              {leadUrgencies.map((urgency) => (
                <option key={urgency} value={urgency}>
                  {t.urgent[urgency]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <p className="mt-1.5 text-sm">
          <a href={path("someone-detained")} className="font-semibold text-navy-700 underline underline-offset-4">
            {t.urgent.linkTitle} {t.urgent.linkAction}
          </a>
        </p>
      </div>
      {safeContact && (
        <Field {...field("safeContact")} hint={t.consultation.safeContactHint}>
          {(p) => <input {...p} type="text" autoComplete="off" className="field-input" />}
        </Field>
      )}
      <Field {...field("message")}>
        {(p) => <textarea {...p} rows={3} required minLength={10} className="field-input" />}
      </Field>
      <Honeypot {...field("company")} />
      <ConsentField {...field("consent")} />
      {status === "error" && (
        <div
          role="alert"
          className="rounded-md border border-red-700/40 bg-red-50 px-4 py-3 text-red-900"
          data-testid={`${idPrefix}-error`}
        >
          <p className="font-semibold">{t.consultation.error}</p>
          <SendFailed failure={failure} />
        </div>
      )}
      <button
        type="submit"
        disabled={loading}
        aria-disabled={loading}
        className="btn-primary w-full justify-center py-3 text-base sm:w-auto"
      >
        {loading
          ? t.consultation.sending
          : source === "consultation-lead"
            ? t.consultation.submit
            : t.information.submit}
      </button>
      <p className="text-xs text-slate-600">{t.consultation.noAttorneyClient}</p>
    </form>
  );
}
