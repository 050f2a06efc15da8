import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { offices } from "../../core/firm";
import { OfficeCard } from "../components/office-card";
import { PageHeader, Prose } from "../components/page";
import { loadPage } from "../lib/page-loader.server";
import { pageMeta, type PageView } from "../lib/page-types";

export function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request);
}
export const meta = pageMeta;

export default function Locations() {
  const page = useLoaderData() as PageView;
  return (
    <>
      <PageHeader page={page} />
      <div className="container-page py-10 lg:py-16">
        <ul className="grid gap-6 md:grid-cols-2">
          {offices.map((office) => (
            <li key={office.id} id={office.id} className="scroll-mt-24">
              <OfficeCard office={office} variant="full" headingLevel={2} />
            </li>
          ))}
        </ul>
        <div className="mx-auto mt-14 max-w-3xl">
          <Prose html={page.content.html} />
        </div>
      </div>
    </>
  );
}
