import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { officeById, type OfficeId } from "../../core/firm";
import { OfficeCard } from "../components/office-card";
import { GeneralInfoNote, PageBody, PageHeader, Prose, RelatedLinks } from "../components/page";
import { useMessages } from "../lib/locale";
import { loadPage } from "../lib/page-loader.server";
import { pageMeta, type PageView } from "../lib/page-types";

export function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request);
}
export const meta = pageMeta;

export default function City() {
  const page = useLoaderData() as PageView;
  const t = useMessages();
  const office = officeById(page.extra.office as OfficeId);
  return (
    <>
      <PageHeader page={page} eyebrow={t.ui.areasWeServe} />
      <PageBody
        asideFirst
        asideLabel={t.ui.nearestOffice}
        aside={<OfficeCard office={office} variant="featured" headingLevel={2} eyebrow={t.ui.nearestOffice} />}
      >
        <Prose html={page.content.html} />
        <RelatedLinks items={page.extra.related} title={t.ui.seeAlso} />
        <GeneralInfoNote updated={page.content.data.updated} disclaimer={false} />
      </PageBody>
    </>
  );
}
