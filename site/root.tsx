import type { ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  isRouteErrorResponse,
  useMatches,
  useRouteLoaderData,
  type LinksFunction,
  type LoaderFunctionArgs,
} from "react-router";
import { firm } from "../core/firm";
import { invitation, messages } from "../core/i18n";
import { careersPaths, homePath } from "../core/routes";
import { alternates, localeFromPath } from "../core/locales";
import { absoluteUrl } from "../core/seo";
import { isSurvivorPage } from "../core/survivor-pages";
import ConsultationSection from "./components/consultation-section";
import Footer from "./components/footer";
import { Header } from "./components/header";
import { ExitIntent } from "./components/exit-intent";
import { FloatingActions } from "./components/floating";
import { LanguageSuggestion } from "./components/language-suggestion";
import { QuickExit } from "./components/quick-exit";
import { island } from "./islands/island";
import { behaviour } from "./islands/behaviours";
import { fontsAlreadyLoadedScript } from "./islands/fonts";
import { siteUrl } from "./content/page-data.server";
import { analyticsMetaName } from "./lib/analytics";
import { islandAssets, pageIslandFiles } from "./lib/island-assets.server";
import { SiteProvider, useMessages, type PageData, type SiteData } from "./lib/locale";
import { jsonForScript } from "./lib/json-script";
import { isSearchedPage, nearestOfficeChoice } from "./lib/page-types";
import stylesheet from "./styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/**
 * Runs once per page at build time. The page ships as static HTML; what the browser needs to
 * hydrate its islands (the language, the path, that language's interface strings) travels with
 * it as one JSON block, so the browser never downloads both dictionaries.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const pathname = new URL(request.url).pathname;
  const locale = localeFromPath(pathname);
  const site: SiteData = { locale, pathname, messages: messages(locale) };
  const assets = islandAssets();
  return {
    site,
    // What the page's islands read from its HTML; they fetch the dictionary itself.
    page: { locale, pathname, invitations: site.messages.invitations } satisfies PageData,
    // The offer of each other language, in that language's words.
    suggestions: alternates(locale).map((target) => ({
      target,
      text: invitation(target, locale).suggestion,
      action: invitation(target, locale).suggestionAction,
      dismiss: messages(target).ui.dismiss,
    })),
    scripts: { entry: assets.entry, preload: assets.preload, files: pageIslandFiles(assets, locale) },
    pageUrl: absoluteUrl(siteUrl(), pathname),
  };
}

/** Route modules may hide the shared consultation section (legal pages, forms pages). */
export interface RouteHandle {
  consultation?: boolean;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === "object" && value !== null;
}

const HeaderIsland = island("header", Header, "use");

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const locale = root?.site.locale ?? "en";
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2a44" />
        {firm.analyticsId && <meta name={analyticsMetaName} content={firm.analyticsId} />}
        {/* Before anything paints: a visit that has the brand fonts uses them from the start. */}
        <script dangerouslySetInnerHTML={{ __html: fontsAlreadyLoadedScript }} />
        <Meta />
        <Links />
        {root && (
          <>
            <script type="module" src={root.scripts.entry} />
            {root.scripts.preload.map((href) => (
              <link key={href} rel="modulepreload" href={href} />
            ))}
          </>
        )}
      </head>
      <body>
        {root ? <SiteProvider value={root.site}>{children}</SiteProvider> : children}
        {root && (
          <script
            type="application/json"
            id="site-data"
            dangerouslySetInnerHTML={{ __html: jsonForScript(root.page) }}
          />
        )}
        {root && (
          <script
            type="application/json"
            id="island-files"
            dangerouslySetInnerHTML={{ __html: jsonForScript(root.scripts.files) }}
          />
        )}
      </body>
    </html>
  );
}

/** Printed pages only: whose page this is, how to reach the firm, and where the page lives. */
function PrintedContactLine({ pageUrl }: { pageUrl: string }) {
  return (
    <p className="hidden border-b pb-2 text-sm print:block">
      {firm.name} · {firm.phone} · {firm.email} · {pageUrl}
    </p>
  );
}

function LoadingPlaceholder() {
  const t = useMessages();
  return (
    <div
      role="status"
      hidden
      {...{ [behaviour.loading]: "" }}
      className="loading-placeholder fixed inset-x-0 top-[var(--sticky-top)] bottom-0 z-20 flex items-center justify-center bg-white/85"
    >
      <p className="animate-pulse-soft text-lg font-medium text-navy-800">{t.ui.loading}</p>
    </div>
  );
}

export default function App() {
  const root = useRouteLoaderData<typeof loader>("root");
  const t = useMessages();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle;
  // Job seekers on the careers pages have their own application: no client consultation form there.
  const careersPage = root ? Object.values(careersPaths).some((p) => root.site.pathname.startsWith(p)) : false;
  const showConsultation = (!isRouteHandle(handle) || handle.consultation !== false) && !careersPage;
  // The site search (built after the pages) indexes only what is inside this mark.
  const searched = isSearchedPage(matches[matches.length - 1]?.loaderData);
  // Survivors of abuse get a quick exit, no "before you go" popup in their way and no chat link
  // (it leaves a thread on the phone); their form asks how to reach them safely.
  const survivorPage = root ? isSurvivorPage(root.site.pathname) : false;
  return (
    <>
      {/* When focused, the skip link is a bar of its own above the header: it covers nothing. */}
      <a
        href="#main-content"
        className="sr-only bg-navy-900 font-semibold text-white focus:not-sr-only focus:block focus:px-4 focus:py-3 focus:text-center focus:underline"
      >
        {t.ui.skipToContent}
      </a>
      <HeaderIsland />
      {survivorPage && <QuickExit />}
      <main id="main-content" tabIndex={-1} className="focus:outline-none">
        {root && <PrintedContactLine pageUrl={root.pageUrl} />}
        <LoadingPlaceholder />
        {searched ? (
          <div data-pagefind-body="" className="contents">
            <Outlet />
          </div>
        ) : (
          <Outlet />
        )}
        {showConsultation && (
          <ConsultationSection
            safeContact={survivorPage}
            office={nearestOfficeChoice(matches[matches.length - 1]?.loaderData)}
          />
        )}
      </main>
      <Footer />
      {root?.suggestions.map((suggestion) => (
        <LanguageSuggestion key={suggestion.target} suggestion={suggestion} />
      ))}
      <FloatingActions chat={!survivorPage} />
      {!survivorPage && <ExitIntent />}
    </>
  );
}

/**
 * React Router also renders a fallback document for its own client (its documented SPA
 * fallback, which renders the root's HydrateFallback) and refuses to build unless that one
 * carries its client. No page is that document; postbuild deletes it (see react-router-adapter.ts).
 */
export function HydrateFallback() {
  return <Scripts />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const locale = root?.site.locale ?? "en";
  const t = messages(locale).ui;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main id="main-content" className="container-page py-24 text-center">
      <p className="font-serif text-7xl font-bold text-navy-900">{status}</p>
      <h1 className="mt-4 text-3xl">{status === 404 ? t.notFoundTitle : t.loading}</h1>
      <p className="mt-3 text-lg">{t.notFoundMessage}</p>
      <p className="mt-8">
        <a className="btn-primary" href={homePath(locale)}>
          {t.home}
        </a>
      </p>
    </main>
  );
}
