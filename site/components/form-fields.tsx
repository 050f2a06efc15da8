import type { ReactNode } from "react";
import { officeByChoice, officeChoices } from "../../core/firm";
import { useLocale } from "../lib/locale";

interface ControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** A labelled control with its error message, announced and linked for assistive technology. */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: (props: ControlProps) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({ id, ...(error ? { "aria-invalid": true as const, "aria-describedby": errorId } : {}) })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The bot trap: people never see or reach it; a filled value marks the submission as spam. */
export function Honeypot({ id, label }: { id: string; label: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input id={id} name="company" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
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
