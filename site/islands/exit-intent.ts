import { exitIntentKey } from "../../core/site-paths";
import { sessionFlag, setSessionFlag } from "../lib/preferences";
import { behaviour } from "./behaviours";

/** The popup is armed 10 s after the page loads. */
export const exitIntentArmDelayMs = 10_000;

/**
 * Opens the exit-intent dialog once per browser session, when the pointer leaves through the top
 * of the window. Once it has been shown in this session it never arms again.
 */
export function wireExitIntent(): void {
  const dialog = document.querySelector<HTMLDialogElement>(`dialog[${behaviour.exitIntent}]`);
  if (!dialog || sessionFlag(exitIntentKey)) return;
  let armed = false;
  window.setTimeout(() => (armed = true), Math.max(0, exitIntentArmDelayMs - performance.now()));
  const onLeave = (event: MouseEvent) => {
    if (!armed || event.relatedTarget !== null || event.clientY > 0 || sessionFlag(exitIntentKey)) return;
    setSessionFlag(exitIntentKey);
    document.removeEventListener("mouseout", onLeave);
    dialog.showModal();
  };
  document.addEventListener("mouseout", onLeave);
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) {
      const box = dialog.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) dialog.close();
    }
  });
}
