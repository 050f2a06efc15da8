export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** Header values never carry line breaks: no header injection through a name or subject. */
export function headerSafe(value: string): string {
  return value
    .replace(/[\r\n\u2028\u2029]+/g, " ")
    .trim()
    .slice(0, 200);
}
