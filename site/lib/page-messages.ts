import { messages, type Messages } from "../../core/i18n";
import { useLocale } from "./locale";

/**
 * Every section of the page's dictionary, for components only the prerender runs (the fee tables,
 * the at-a-glance box). Islands read `useMessages()`, whose sections are all the browser receives:
 * this module imports every language's whole dictionary, which the first-load budget test would
 * catch in an island's code.
 */
export function usePageMessages(): Messages {
  return messages(useLocale());
}
