import { titleWithSite } from "../../core/seo";
import { LegacyRedirect } from "../components/legacy-redirect";
import { SiteSearch } from "../components/site-search";
import { SmartLink } from "../components/smart-link";
import { island } from "../islands/island";
import { useMessages, usePath } from "../lib/locale";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0].loaderData;
  if (!root) return [{ name: "robots", content: "noindex" }];
  const t = root.site.messages.ui;
  return [
    { title: titleWithSite(t.notFoundTitle) },
    { name: "description", content: t.notFoundDescription },
    { name: "robots", content: "noindex" },
  ];
};

const LegacyRedirectIsland = island("legacy-redirect", LegacyRedirect, "idle");
const SiteSearchIsland = island("site-search", SiteSearch, "use");

export default function NotFound() {
  const t = useMessages().ui;
  const path = usePath();
  return (
    <div className="container-page py-20 text-center lg:py-28">
      <LegacyRedirectIsland />
      <p className="font-serif text-8xl font-bold text-navy-900 sm:text-9xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-6 text-[2rem] leading-tight font-semibold sm:text-5xl">{t.notFoundTitle}</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-slate-700">{t.notFoundMessage}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <SmartLink to={path("home")} className="btn-primary justify-center">
          {t.home}
        </SmartLink>
        <SmartLink to={path("contact")} className="btn-secondary justify-center">
          {t.contact}
        </SmartLink>
      </div>
      <div className="mx-auto mt-10 max-w-xl text-left">
        <SiteSearchIsland />
      </div>
      <p className="mt-8">
        <SmartLink to={path("practice-areas")} className="font-semibold text-navy-700 underline underline-offset-4">
          {t.notFoundPracticeLink}
        </SmartLink>
      </p>
    </div>
  );
}
