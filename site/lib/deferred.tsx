import { useEffect, useState, type ComponentType } from "react";

/**
 * Loads a component's code after the page is interactive, without Suspense: the component is
 * not part of the first load and renders once its code has arrived.
 */
export function useDeferredComponent<P>(
  load: () => Promise<{ default: ComponentType<P> }>,
  when = true,
): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    if (!when || component) return;
    let cancelled = false;
    load().then(
      (module) => {
        if (!cancelled) setComponent(() => module.default);
      },
      (error: unknown) => console.error("Could not load a part of the page", error),
    );
    return () => {
      cancelled = true;
    };
  }, [load, when, component]);
  return component;
}
