import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { firm, telHref } from "../../core/firm";
import { exitIntentKey } from "../../core/site-paths";
import { useMessages, usePath } from "../lib/locale";
import { sessionFlag, setSessionFlag } from "../lib/preferences";
import { CheckIcon, CloseIcon, PhoneIcon } from "./icons";
import { SmartLink } from "./smart-link";

export const exitIntentArmDelayMs = 10_000;

/** Opens once per browser session when the pointer leaves through the top of the window (spec §4). */
export default function ExitIntent() {
  const t = useMessages();
  const path = usePath();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (sessionFlag(exitIntentKey)) return;
    let armed = false;
    const arm = window.setTimeout(() => (armed = true), Math.max(0, exitIntentArmDelayMs - performance.now()));
    const onLeave = (event: MouseEvent) => {
      if (!armed || event.relatedTarget !== null || event.clientY > 0 || sessionFlag(exitIntentKey)) return;
      setSessionFlag(exitIntentKey);
      setOpen(true);
      document.removeEventListener("mouseout", onLeave);
    };
    document.addEventListener("mouseout", onLeave);
    return () => {
      window.clearTimeout(arm);
      document.removeEventListener("mouseout", onLeave);
    };
  }, []);
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl sm:p-8"
          aria-describedby="exit-intent-claims"
          data-testid="exit-intent"
        >
          <Dialog.Close
            className="absolute right-3 top-3 inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-600 hover:bg-navy-50"
            aria-label={t.ui.close}
          >
            <CloseIcon />
          </Dialog.Close>
          <Dialog.Title className="pr-10 font-serif text-2xl font-semibold text-navy-900">
            {t.ui.exitTitle}
          </Dialog.Title>
          <ul id="exit-intent-claims" className="mt-5 space-y-3">
            {t.ui.exitClaims.map((claim) => (
              <li key={claim} className="flex items-start gap-3 text-ink">
                <CheckIcon className="mt-0.5 shrink-0 text-green-700" /> {claim}
              </li>
            ))}
          </ul>
          <div className="mt-7 flex flex-col gap-3 sm:flex-row">
            <SmartLink to={path("schedule")} onClick={close} className="btn-primary flex-1 justify-center">
              {t.ui.exitSchedule}
            </SmartLink>
            <SmartLink
              to={telHref(firm.exitPopupPhone)}
              onClick={close}
              className="btn-secondary flex-1 justify-center"
            >
              <PhoneIcon width={18} height={18} /> {t.ui.exitCall} {firm.exitPopupPhone}
            </SmartLink>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
