import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import { onNotify } from "../lib/toast";

/** Spec §9 toast defaults: 4000 ms, at most 3 visible, 356 px wide. */
export default function Toasts({ first }: { first: string }) {
  useEffect(() => {
    toast(first);
    return onNotify((message) => toast(message));
  }, [first]);
  return <Toaster duration={4000} visibleToasts={3} position="bottom-center" style={{ width: 356 }} />;
}
