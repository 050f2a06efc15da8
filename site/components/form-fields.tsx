import { useEffect, useRef, useState, type ReactNode } from "react";
import { officeByChoice, officeChoices } from "../../core/firm";
import { useLocale } from "../lib/locale";
import { PaperclipIcon } from "./icons";

interface ControlProps {
  id: string;
  name: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** What a form's field helper gives a Field: its id, name and label, and its error if any. */
export interface FieldProps {
  id: string;
  name: string;
  label: string;
  error?: string | undefined;
}

/** A labelled control with its error message, announced and linked for assistive technology. */
export function Field({
  id,
  name,
  label,
  hint,
  error,
  children,
}: FieldProps & {
  /** Said before the visitor types (what the field is for, a minimum): shown under the label. */
  hint?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="-mt-0.5 mb-1.5 text-sm text-slate-700">
          {hint}
        </p>
      )}
      {children({
        id,
        name,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A file picker that looks like the site's buttons and says, in the page's language, which file
 * is chosen. The real input lies invisibly over the button, so a click, a tap, Tab with Space or
 * Enter and a screen reader all reach the browser's own control (named by the label, described by
 * the chosen file's name and any error).
 */
export function FileField({
  id,
  name,
  label,
  error,
  accept,
  choose,
  none,
}: FieldProps & { accept: string; choose: string; none: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState("");
  // A file picked before the form's script ran: show its name as soon as it has.
  useEffect(() => setChosen(input.current?.files?.[0]?.name ?? ""), []);
  const chosenId = `${id}-chosen`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="relative">
          <input
            ref={input}
            id={id}
            name={name}
            type="file"
            accept={accept}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${chosenId} ${errorId}` : chosenId}
            onChange={(event) => setChosen(event.currentTarget.files?.[0]?.name ?? "")}
            className="peer absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0"
          />
          <span
            aria-hidden="true"
            className="btn-secondary peer-hover:bg-navy-50 peer-focus:outline-3 peer-focus:outline-offset-2 peer-focus:outline-navy-700 peer-aria-[invalid=true]:border-red-700"
          >
            <PaperclipIcon width={18} height={18} /> {choose}
          </span>
        </div>
        <span id={chosenId} className="min-w-0 text-sm break-all text-ink" data-testid={`${id}-chosen`}>
          {chosen || none}
        </span>
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A value the page fills in and the form sends: its language, its path, the job applied for. */
export function HiddenField<F extends string>({ name, value }: { name: F; value: string }) {
  return <input type="hidden" name={name} value={value} />;
}

/** The bot trap: people never see or reach it; a filled value marks the submission as spam. */
export function Honeypot({ id, name, label }: FieldProps) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The offices a visitor can choose, as the options of a select, in the page's language. */
export function OfficeOptions() {
  const locale = useLocale();
  return officeChoices.map((choice) => (
    <option key={choice} value={choice}>
      {officeByChoice(choice).label[locale]}
    </option>
  ));
}

/**
 * The consent checkbox and its label. The box sits in a 44 px tap target (a thumb hits it, not
 * only a pointer) and the label beside it is clickable too; the error is linked to the box.
 */
export function ConsentRow({
  id,
  name,
  error,
  children,
}: {
  id: string;
  name: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex min-h-11 items-start" data-consent-row="">
        <label htmlFor={id} className="-ml-2.5 flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center">
          <input
            id={id}
            name={name}
            type="checkbox"
            value="true"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="h-5 w-5 cursor-pointer rounded border-slate-400 accent-navy-800"
          />
        </label>
        <label htmlFor={id} className="py-2.5 text-sm text-ink">
          {children}
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
