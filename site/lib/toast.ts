/**
 * Shows a toast. The toast library and its host load with the first toast (after a form is sent),
 * so no page pays for them up front.
 */
export function notify(message: string): void {
  void import("../components/toasts").then(({ showToast }) => showToast(message));
}
