import { Fragment } from "react";
import { curlyQuotes, splitUnbreakable } from "../../core/typography";

/**
 * A title, heading or card text as the Markdown pipeline prints page text: form and phone numbers
 * on one line ("I-" / "360" never), typographic quotes. The characters stay as written, so find in
 * page, copy and paste and the site search still match "I-360" (decision 0022).
 */
export function Typeset({ text }: { text: string }) {
  return splitUnbreakable(curlyQuotes(text)).map((piece, i) =>
    piece.keep ? (
      <span key={i} className="nowrap">
        {piece.text}
      </span>
    ) : (
      <Fragment key={i}>{piece.text}</Fragment>
    ),
  );
}
