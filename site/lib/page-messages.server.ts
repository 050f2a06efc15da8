import { messages, type Messages } from "../../core/i18n";
import { useLocale } from "./locale";

/**
 * Every section of the page's dictionary, for components only the prerender runs (the fee tables,
 * the at-a-glance box). Islands read `useMessages()`, whose sections are all the browser receives.
 */
export function usePageMessages(): Messages {
  return messages(useLocale());
}
