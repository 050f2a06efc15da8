import { ConsentRow, type FieldProps } from "./form-fields";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import type { FieldErrors } from "../../core/form-fields";
import { pathOf } from "../../core/routes";
import { useLocale, useMessages, usePathname } from "../lib/locale";
import { FieldsRejected } from "../lib/submit";

export type FormStatus = "idle" | "submitting" | "success" | "error";

/**
 * The submit cycle both forms share: check the fields (the first invalid one gets focus), send,
 * then show the result, which takes focus so screen readers announce it. A second submit while
 * one is under way is ignored. Also gives the page's language, strings and path the forms send.
 */
export function useFormSubmission<F extends string>() {
  const locale = useLocale();
  const t = useMessages();
  const pathname = usePathname();
  const [status, setStatus] = useState<FormStatus>("idle");
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status === "success") resultRef.current?.focus();
  }, [status]);

  /** Shows each message on its field and focuses the first; false when the form has none of these fields. */
  function showFieldErrors(form: HTMLFormElement, found: FieldErrors): boolean {
    const fields = Object.keys(found).filter((name) => form.querySelector(`[name="${name}"]`));
    setErrors(Object.fromEntries(fields.map((name) => [name, found[name]])) as FieldErrors<F>);
    const first = fields[0];
    if (!first) return false;
    form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return true;
  }

  /** Resolves true once sent; false when a field is invalid, the send failed or one is under way. */
  async function submit(
    form: HTMLFormElement,
    check: () => Promise<FieldErrors<F>>,
    send: () => Promise<void>,
  ): Promise<boolean> {
    if (status === "submitting") return false;
    const found = await check();
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return false;
    }
    setStatus("submitting");
    try {
      await send();
      form.reset();
      setStatus("success");
      return true;
    } catch (error) {
      // A field the server refused is the visitor's to fix, on that field; anything else is ours.
      const onFields = error instanceof FieldsRejected && showFieldErrors(form, error.errors);
      setStatus(onFields ? "idle" : "error");
      return false;
    }
  }

  return { locale, t, pathname, status, errors, resultRef, submit };
}

/** The required consent checkbox with its link to the privacy policy and its error message. */
export function ConsentField({ id, name, label, error }: FieldProps) {
  const locale = useLocale();
  const t = useMessages();
  return (
    <ConsentRow id={id} name={name} error={error}>
      {label}{" "}
      <a
        href={pathOf("legal/privacy-policy", locale)}
        className="font-medium text-navy-700 underline underline-offset-4"
      >
        {t.consultation.privacyLink}
      </a>
    </ConsentRow>
  );
}

/**
 * What replaces a form once it is sent: a message that takes focus, so keyboard and screen-reader
 * users land on it.
 */
export function FormSent({
  resultRef,
  testId,
  className,
  children,
}: {
  resultRef: RefObject<HTMLDivElement>;
  testId: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div
      ref={resultRef}
      tabIndex={-1}
      role="status"
      className={`rounded-xl border border-green-700/30 bg-green-50 p-6 ${className}`}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
