import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { GeneralInfoNote, PageBody, PageHeader, Prose } from "../components/page";
import { Picture } from "../components/picture";
import { SmartLink } from "../components/smart-link";
import { useMessages } from "../lib/locale";
import { loadPage } from "../lib/page-loader.server";
import { pageMeta, type PageLink, type PageView } from "../lib/page-types";

export function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request);
}
export const meta = pageMeta;

function Facts({ title, items }: { title: string; items: unknown }) {
  const list = (items as string[] | undefined) ?? [];
  return (
    <div>
      <h2 className="font-sans text-sm font-semibold uppercase tracking-[0.14em] text-slate-700">{title}</h2>
      <ul className="mt-2 space-y-1 text-[0.95rem]">
        {list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

export default function Attorney() {
  const page = useLoaderData() as PageView;
  const t = useMessages();
  const data = page.content.data;
  const focus = page.extra.focus as PageLink[];
  return (
    <>
      <PageHeader page={page} eyebrow={String(data.role)} />
      <PageBody
        aside={
          <>
            <Picture
              src={page.extra.image as string}
              alt={String(data.photoAlt)}
              width={320}
              height={400}
              sizes="320px"
              priority
              className="aspect-[4/5] h-auto w-full rounded-2xl object-cover"
            />
            <div className="space-y-5 rounded-xl border border-navy-100 p-5">
              <Facts title={t.ui.education} items={data.education} />
              <Facts title={t.ui.barAdmissions} items={data.barAdmissions} />
              <Facts title={t.ui.languages} items={data.languages} />
              <div>
                <h2 className="font-sans text-sm font-semibold uppercase tracking-[0.14em] text-slate-700">
                  {t.ui.focusAreas}
                </h2>
                <ul className="mt-2 space-y-1 text-[0.95rem]">
                  {focus.map((item) => (
                    <li key={item.key}>
                      <SmartLink to={item.path} className="text-navy-700 underline underline-offset-4">
                        {item.title}
                      </SmartLink>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </>
        }
      >
        <Prose html={page.content.html} />
        <GeneralInfoNote />
      </PageBody>
    </>
  );
}
