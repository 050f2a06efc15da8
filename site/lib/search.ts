/** Lower-case, accent-free text: "visa ú" and "VISA U" match alike (Spanish search). */
export function normalizeForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** Every word of the query must occur in the (already normalized) text. */
export function matchesSearch(normalizedText: string, query: string): boolean {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  return words.every((word) => normalizedText.includes(word));
}
