/**
 * JSON safe inside a `<script type="application/json">`: `<` is escaped so no string in the data
 * can close the element, and U+2028/U+2029 so the text is also valid JavaScript.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
