import { lazy, Suspense, useEffect, useState } from "react";
import { onNotify } from "../lib/toast";

const Toasts = lazy(() => import("./toasts"));

export function ToastHost() {
  const [first, setFirst] = useState<string | null>(null);
  useEffect(() => onNotify((message) => setFirst((current) => current ?? message)), []);
  if (first === null) return null;
  return (
    <Suspense fallback={null}>
      <Toasts first={first} />
    </Suspense>
  );
}
