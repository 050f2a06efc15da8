import { Navigate, useLocation, type MetaFunction } from "react-router";
import { legacyRedirect } from "../../core/redirects";
import { titleWithSite } from "../../core/seo";
import { SmartLink } from "../components/smart-link";
import { useMessages, usePath } from "../lib/locale";
import type { RootData } from "../root";

export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  if (!root) return [{ name: "robots", content: "noindex" }];
  const t = root.messages.ui;
  return [
    { title: titleWithSite(t.notFoundTitle) },
    { name: "description", content: t.notFoundDescription },
    { name: "robots", content: "noindex" },
  ];
};

export default function NotFound() {
  const { pathname, search, hash } = useLocation();
  const t = useMessages().ui;
  const path = usePath();
  const redirect = legacyRedirect(pathname);
  if (redirect) return <Navigate to={`${redirect}${search}${hash}`} replace />;
  return (
    <div className="container-page py-20 text-center lg:py-28">
      <p className="font-serif text-8xl font-bold text-navy-900 sm:text-9xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-6 text-3xl font-semibold sm:text-4xl">{t.notFoundTitle}</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-slate-700">{t.notFoundMessage}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <SmartLink to={path("home")} className="btn-primary justify-center">
          {t.home}
        </SmartLink>
        <SmartLink to={path("contact")} className="btn-secondary justify-center">
          {t.contact}
        </SmartLink>
      </div>
      <p className="mt-8">
        <SmartLink to={path("practice-areas")} className="font-semibold text-navy-700 underline underline-offset-4">
          {t.notFoundPracticeLink}
        </SmartLink>
      </p>
    </div>
  );
}
