import * as Dialog from "@radix-ui/react-dialog";
import { useMessages } from "../lib/locale";
import { CloseIcon } from "./icons";
import { SiteSearch } from "./site-search";

/** The site search over the page, loaded on first use. Focus starts in the field; Escape closes. */
export default function SearchDialog({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: () => void;
}) {
  const t = useMessages();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/50 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="fixed inset-x-0 top-0 z-50 mx-auto max-h-dvh w-full max-w-2xl overflow-y-auto bg-white p-4 shadow-2xl sm:top-6 sm:rounded-xl sm:p-6"
        >
          <div className="mb-4 flex items-center justify-between gap-3">
            <Dialog.Title className="font-serif text-xl font-semibold">{t.ui.searchTitle}</Dialog.Title>
            <Dialog.Close
              aria-label={t.ui.searchClose}
              className="inline-flex h-11 w-11 items-center justify-center rounded-md text-navy-800 hover:bg-navy-50"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <SiteSearch autoFocus />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
