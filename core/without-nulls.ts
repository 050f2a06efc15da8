/**
 * Front matter or settings as read from a file, with every `null` left out: the editor writes an
 * emptied field (an order, a summary) as `key: null`, which means "not set" to staff and to the schemas.
 */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== null).map(withoutNulls);
  if (typeof value !== "object" || value === null || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, item]) => (item === null ? [] : [[key, withoutNulls(item)]])),
  );
}
