import { offices } from "../../core/firm";
import { OfficeCard } from "../components/office-card";
import { PageHeader, Prose } from "../components/page";
import { pageMeta } from "../lib/page-types";
import type { Route } from "./+types/locations";
import { pageContext, pageView } from "../content/page-data.server";
import { officeJsonLd } from "../../core/seo";

export function loader({ request }: Route.LoaderArgs) {
  const context = pageContext(request, ["locations"]);
  return pageView(
    context,
    {},
    offices.map((office) => officeJsonLd(context.url, office, context.locale)),
  );
}
export const meta: Route.MetaFunction = pageMeta;

export default function Locations({ loaderData: page }: Route.ComponentProps) {
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
