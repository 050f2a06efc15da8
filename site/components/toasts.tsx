import { createRoot } from "react-dom/client";
import { Toaster, toast } from "sonner";

/** Toast defaults: shown 4000 ms, at most 3 at once, 356 px wide. */
export const toastDefaults = { durationMs: 4000, visible: 3, width: 356 };

let mounted = false;

/** Mounts the toast host once, in a root of its own at the end of the page, then shows the message. */
export function showToast(message: string): void {
  if (!mounted) {
    mounted = true;
    const host = document.createElement("div");
    document.body.append(host);
    createRoot(host).render(
      <Toaster
        duration={toastDefaults.durationMs}
        visibleToasts={toastDefaults.visible}
        // At the top, below the header (and the quick-exit strip): the dock and the language offer
        // float at the bottom, and nothing floating may cover another.
        position="top-center"
        offset={{ top: "calc(var(--sticky-top) + 0.75rem)" }}
        mobileOffset={{ top: "calc(var(--sticky-top) + 0.75rem)" }}
        style={{ width: toastDefaults.width }}
      />,
    );
  }
  // The host subscribes to the toast store as it mounts; the message waits for that.
  window.setTimeout(() => toast(message), 0);
}
