import { useEffect, useRef, useState } from "react";
import type { FieldErrors } from "../../core/forms";
import { pathOf } from "../../core/routes";
import { useLocale, useMessages, usePathname } from "../lib/locale";

export type FormStatus = "idle" | "submitting" | "success" | "error";

/**
 * The submit cycle both forms share: check the fields (the first invalid one gets focus), send,
 * then show the result, which takes focus so screen readers announce it. A second submit while
 * one is under way is ignored. Also gives the page's language, strings and path the forms send.
 */
export function useFormSubmission() {
  const locale = useLocale();
  const t = useMessages();
  const pathname = usePathname();
  const [status, setStatus] = useState<FormStatus>("idle");
  const [errors, setErrors] = useState<FieldErrors>({});
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status === "success") resultRef.current?.focus();
  }, [status]);

  /** Resolves true once sent; false when a field is invalid, the send failed or one is under way. */
  async function submit(
    form: HTMLFormElement,
    check: () => Promise<FieldErrors>,
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
    } catch {
      setStatus("error");
      return false;
    }
  }

  return { locale, t, pathname, status, errors, resultRef, submit };
}

/** The required consent checkbox with its link to the privacy policy and its error message. */
export function ConsentField({ id, text, error }: { id: string; text: string; error?: string | undefined }) {
  const locale = useLocale();
  const t = useMessages();
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name="consent"
          type="checkbox"
          value="true"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 accent-navy-800"
        />
        <label htmlFor={id} className="text-sm text-ink">
          {text}{" "}
          <a
            href={pathOf("legal/privacy-policy", locale)}
            className="font-medium text-navy-700 underline underline-offset-4"
          >
            {t.consultation.privacyLink}
          </a>
        </label>
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
