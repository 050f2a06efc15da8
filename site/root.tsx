import { lazy, Suspense, useEffect, type ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useNavigation,
  type LinksFunction,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunction,
} from "react-router";
import interFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import serifFont from "@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2?url";
import { messages } from "../core/i18n";
import { localeFromPath, otherLocale } from "../core/locales";
import { Header } from "./components/header";
import { LanguageSuggestion } from "./components/language-suggestion";
import { ToastHost } from "./components/toast-host";
import { useMessages } from "./lib/locale";
import { useHydrated } from "./lib/hydrated";
import { recoverFromStaleDeploy } from "./lib/preload-recovery";
import stylesheet from "./styles/app.css?url";

/**
 * Below the fold: prerendered like everything else, but their code hydrates a moment later
 * (React keeps the server HTML until it arrives), which keeps the first load small.
 */
const ConsultationSection = lazy(() => import("./components/consultation-section"));
const Footer = lazy(() => import("./components/footer"));

/** Not needed for the first paint: loaded once the page is interactive. */
const FloatingActions = lazy(() => import("./components/floating"));
const ExitIntent = lazy(() => import("./components/exit-intent"));

export const links: LinksFunction = () => [
  // The brand fonts are preloaded so that font-display: optional can use them on a first visit.
  { rel: "preload", href: interFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: serifFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/**
 * The interface strings of the page's language travel as data (prerendered with the page), so
 * the browser downloads one dictionary, not both.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const own = messages(locale).ui;
  const other = messages(otherLocale(locale)).ui;
  return {
    messages: messages(locale),
    // Each dictionary holds the suggestion shown on its own pages, written in the other language.
    suggestion: { text: own.languageSuggestion, action: own.languageSuggestionAction, dismiss: other.dismiss },
  };
}
export type RootData = ReturnType<typeof loader>;

/** The strings change only with the language. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname);

/** Route modules may hide the shared consultation section (legal pages, forms pages). */
export interface RouteHandle {
  consultation?: boolean;
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2a44" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function LoadingPlaceholder() {
  const t = useMessages();
  return (
    <div
      role="status"
      className="loading-placeholder fixed inset-x-0 top-16 bottom-0 z-20 flex items-center justify-center bg-white/85 xl:top-20"
    >
      <p className="animate-pulse-soft text-lg font-medium text-navy-800">{t.ui.loading}</p>
    </div>
  );
}

export default function App() {
  const { pathname } = useLocation();
  const t = useMessages();
  const navigation = useNavigation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const showConsultation = handle?.consultation !== false;
  const hydrated = useHydrated();
  useEffect(recoverFromStaleDeploy, []);
  return (
    <>
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-md bg-navy-900 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t.ui.skipToContent}
      </a>
      <LanguageSuggestion />
      <Header />
      <main id="main-content" tabIndex={-1} className="focus:outline-none">
        {navigation.state === "loading" && navigation.location.pathname !== pathname && <LoadingPlaceholder />}
        <Outlet />
        {showConsultation && (
          <Suspense fallback={null}>
            <ConsultationSection />
          </Suspense>
        )}
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      {hydrated && (
        <Suspense fallback={null}>
          <FloatingActions />
          <ExitIntent />
        </Suspense>
      )}
      <ToastHost />
    </>
  );
}

export function HydrateFallback() {
  return <LoadingPlaceholder />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  const t = useMessages().ui;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main id="main-content" className="container-page py-24 text-center">
      <p className="font-serif text-7xl font-bold text-navy-900">{status}</p>
      <h1 className="mt-4 text-3xl">{status === 404 ? t.notFoundTitle : t.loading}</h1>
      <p className="mt-3 text-lg">{t.notFoundMessage}</p>
      <p className="mt-8">
        <a className="btn-primary" href={localeFromPath(pathname) === "es" ? "/es" : "/"}>
          {t.home}
        </a>
      </p>
    </main>
  );
}
