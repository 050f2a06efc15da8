import { ConsentRow, type FieldProps } from "./form-fields";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { firm, telHref } from "../../core/firm";
import type { FieldErrors } from "../../core/form-fields";
import { pathOf } from "../../core/routes";
import { useLocale, useMessages, usePathname } from "../lib/locale";
import { FieldsRejected, Refused } from "../lib/submit";
import { SmartLink } from "./smart-link";

export type FormStatus = "idle" | "submitting" | "success" | "error";

/**
 * A send that failed through no fault of the visitor: what the intake said (in the page's
 * language) and, where waiting helps, when the form sends itself again.
 */
export interface SendFailure {
  said: string;
  retryInSeconds?: number;
}

/** A network failure (offline for a moment, a timeout) is sent again after this. */
const networkRetryMs = 15_000;
/** Longer waits (an hour's limit on held requests) are not waited out on the page: the visitor calls. */
const maxAutoRetryMs = 120_000;
/** Sends in a row the form makes on its own before it leaves the next one to the visitor. */
const maxAutoRetries = 3;

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
  const [failure, setFailure] = useState<SendFailure>();
  const resultRef = useRef<HTMLDivElement>(null);
  const retryTimer = useRef<number>();
  const autoRetries = useRef(0);
  useEffect(() => {
    if (status !== "success") return;
    // The card is announced (focus) and brought below the sticky header and the toast, whose
    // room its scroll margin (with the page's scroll padding) keeps: focus alone left its first line under them.
    resultRef.current?.focus({ preventScroll: true });
    resultRef.current?.scrollIntoView({ block: "start" });
  }, [status]);
  useEffect(() => () => window.clearTimeout(retryTimer.current), []);

  /** After a failure: says why, and sends again on its own where waiting helps (what was typed stays). */
  function failed(form: HTMLFormElement, error: unknown) {
    const refused = error instanceof Refused ? error : undefined;
    const waitMs = refused ? refused.retryAfterMs : networkRetryMs;
    const auto = waitMs !== undefined && waitMs <= maxAutoRetryMs && autoRetries.current < maxAutoRetries;
    setFailure({ said: refused?.said ?? "", ...(auto ? { retryInSeconds: Math.ceil(waitMs / 1000) } : {}) });
    if (auto)
      retryTimer.current = window.setTimeout(() => {
        autoRetries.current += 1;
        form.requestSubmit();
      }, waitMs);
  }

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
    window.clearTimeout(retryTimer.current);
    setStatus("submitting");
    try {
      await send();
      form.reset();
      autoRetries.current = 0;
      setStatus("success");
      return true;
    } catch (error) {
      // A field the server refused is the visitor's to fix, on that field; anything else is ours.
      const onFields = error instanceof FieldsRejected && showFieldErrors(form, error.errors);
      if (!onFields) failed(form, error);
      setStatus(onFields ? "idle" : "error");
      return false;
    }
  }

  return { locale, t, pathname, status, errors, resultRef, submit, failure };
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
      className={`scroll-mt-14 rounded-xl border border-green-700/30 bg-green-50 p-6 ${className}`}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

/** The reference the intake gave a sent form, to mention on the phone (`LFH-7K3Q-9X`). */
export function SentReference({ reference }: { reference: string | undefined }) {
  const t = useMessages().consultation;
  if (!reference) return null;
  return (
    <p className="mt-4">
      {t.reference}:{" "}
      <strong className="font-mono whitespace-nowrap" data-testid="lead-reference">
        {reference}
      </strong>
      . {t.referenceHint}
    </p>
  );
}

/**
 * The rest of a failed send's banner, under the form's own error text: not the visitor's fault,
 * what the intake said to do, that what they typed is still there, the automatic retry where
 * waiting helps, and the firm's number.
 */
export function SendFailed({ failure }: { failure: SendFailure | undefined }) {
  const t = useMessages().result;
  return (
    <>
      <p className="mt-1">
        {t.notYourFault} {failure?.said} {t.keptHere}
      </p>
      {failure?.retryInSeconds !== undefined && (
        <p className="mt-1" data-testid="auto-retry">
          {t.retrying.replace("{seconds}", String(failure.retryInSeconds))}
        </p>
      )}
      <p className="mt-1">
        {t.callInstead}{" "}
        <SmartLink to={telHref(firm.phone)} className="font-semibold whitespace-nowrap underline">
          {firm.phone}
        </SmartLink>
      </p>
    </>
  );
}
