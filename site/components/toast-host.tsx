import { useEffect, useState } from "react";
import { useDeferredComponent } from "../lib/deferred";
import { onNotify } from "../lib/toast";

const loadToasts = () => import("./toasts");

export function ToastHost() {
  const [first, setFirst] = useState<string | null>(null);
  useEffect(() => onNotify((message) => setFirst((current) => current ?? message)), []);
  const Toasts = useDeferredComponent(loadToasts, first !== null);
  return Toasts && first !== null ? <Toasts first={first} /> : null;
}
