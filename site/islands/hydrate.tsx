import { Component, createElement, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { SiteProvider, type PageData } from "../lib/locale";
import { dictionaries } from "./dictionaries";
import { islandLoaders, type IslandName } from "./registry";

interface BoundaryProps {
  children: ReactNode;
  onStarted: () => void;
  onFailed: (error: unknown) => void;
}

/**
 * Each island's own error boundary: an island that throws while rendering stops there, alone,
 * instead of taking React's whole root (and the island's HTML with it) down, and reports it.
 */
class IslandBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidMount(): void {
    if (!this.state.failed) this.props.onStarted();
  }

  override componentDidCatch(error: unknown): void {
    this.props.onFailed(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Hydrates one island with the props the prerender wrote beside it, and settles once React has
 * taken the island over, or failed to. The props are the JSON of exactly the value the server
 * rendered with, so they are handed back to the same component; this is the one place where data
 * from the HTML becomes typed again. When the island throws, its prerendered HTML is put back as it
 * was (links and native controls work without React) and the promise rejects, for the scheduler
 * to log and to release a held click.
 */
export async function hydrateIsland(element: HTMLElement, name: IslandName, page: PageData): Promise<void> {
  const [Component, messages] = await Promise.all([
    islandLoaders[name]() as Promise<ComponentType<object>>,
    dictionaries[page.locale](),
  ]);
  const site = {
    locale: page.locale,
    pathname: page.pathname,
    messages: { ...messages, invitations: page.invitations },
  };
  const props = JSON.parse(element.dataset.props ?? "{}") as object;
  // Copies, not the nodes themselves: React has tied the originals to the failed render.
  const prerendered = [...element.childNodes].map((node) => node.cloneNode(true));
  await new Promise<void>((resolve, reject) => {
    const root = hydrateRoot(
      element,
      <IslandBoundary
        onStarted={resolve}
        onFailed={(error) => {
          // After React's commit, which has emptied the island: then it can be unmounted.
          queueMicrotask(() => {
            root.unmount();
            element.replaceChildren(...prerendered);
            reject(error instanceof Error ? error : new Error(String(error)));
          });
        }}
      >
        <SiteProvider value={site}>{createElement(Component, props)}</SiteProvider>
      </IslandBoundary>,
      { identifierPrefix: `${name}-` },
    );
  });
}
