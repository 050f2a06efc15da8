import { GeneralInfoNote, PageBody, PageHeader, Prose, RelatedLinks } from "../components/page";
import { Typeset } from "../components/typeset";
import { usePageMessages } from "../lib/page-messages";
import { pageMeta } from "../lib/page-types";
import type { Route } from "./+types/fees";
import { pageContext, pageView } from "../content/page-data.server";
import { feePageView, feeTable, type FeeRowView, type PathView } from "../content/fees.server";
import { feePathAnchor } from "../../core/fees";

export function loader({ request }: Route.LoaderArgs) {
  const context = pageContext(request, ["fees"]);
  return pageView(context, feePageView(feeTable().table, context.locale));
}
export const meta: Route.MetaFunction = pageMeta;

/**
 * The government filing fees page: the estimator's paths, then the whole fee table. Choosing a
 * path is a link to its anchor and the stylesheet shows the targeted path alone (`:target`), so
 * it works without any script and a practice page can link to its path preselected.
 */
export default function FeesPage({ loaderData: page }: Route.ComponentProps) {
  const t = usePageMessages();
  const { groups, figures, paths } = page.extra;
  return (
    <>
      <PageHeader page={page} />
      <PageBody>
        <Prose html={page.content.html} />
        <section id="estimator" aria-labelledby="estimator-heading" className="fee-estimator mt-12">
          <h2 id="estimator-heading" className="font-semibold">
            {t.fees.estimatorTitle}
          </h2>
          <p className="mt-3">{t.fees.estimatorIntro}</p>
          <nav aria-label={t.fees.pickPath} className="mt-5">
            <ul className="flex flex-wrap gap-3">
              {paths.map((path) => (
                <li key={path.id}>
                  <a href={`#${feePathAnchor(path.id)}`} className="fee-path-link">
                    <Typeset text={path.title} />
                  </a>
                </li>
              ))}
              <li>
                <a href="#estimator" className="fee-path-link fee-path-all">
                  {t.fees.allPaths}
                </a>
              </li>
            </ul>
          </nav>
          <div className="fee-paths prose-page">
            {paths.map((path) => (
              <FeePath key={path.id} path={path} />
            ))}
          </div>
        </section>
        <section aria-labelledby="fee-table-heading" className="prose-page mt-12">
          <h2 id="fee-table-heading">{t.fees.tableTitle}</h2>
          {groups.map((group) => (
            <FeeTable key={group.payee} id={`fees-${group.payee}`} title={group.heading} rows={group.rows} />
          ))}
          {figures.length > 0 && <FeeTable id="fees-figures" title={t.fees.figuresTitle} rows={figures} />}
        </section>
        <RelatedLinks items={page.extra.related} title={t.ui.seeAlso} />
        <GeneralInfoNote updated={page.content.data.updated} />
      </PageBody>
    </>
  );
}

function FeePath({ path }: { path: PathView }) {
  const t = usePageMessages();
  const anchor = feePathAnchor(path.id);
  return (
    <section id={anchor} aria-labelledby={`${anchor}-title`} className="fee-path">
      <h3 id={`${anchor}-title`}>
        <Typeset text={path.title} />
      </h3>
      <table className="fee-table">
        <thead>
          <tr>
            <th scope="col">
              {t.fees.form} · {t.fees.purpose}
            </th>
            <th scope="col" className="text-right">
              {t.fees.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {path.items.map((item, index) => (
            <tr key={index}>
              <td>
                <strong className="block">
                  <Typeset text={item.form} />
                </strong>
                <Typeset text={item.title} />
                {item.label && <span className="block text-sm text-slate-700">{item.label}</span>}
                {item.when && <span className="block text-sm text-slate-700">({item.when})</span>}
              </td>
              <td className="text-right whitespace-nowrap">{item.text}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t.fees.required}</th>
            <td className="text-right font-semibold whitespace-nowrap">{path.total}</td>
          </tr>
          {path.withOptional && (
            <tr>
              <th scope="row">{t.fees.withOptional}</th>
              <td className="text-right font-semibold whitespace-nowrap">{path.withOptional}</td>
            </tr>
          )}
        </tfoot>
      </table>
      <p className="text-sm">
        {t.fees.verifiedOn.split("{date}")[0]}
        <time dateTime={path.verifiedIso}>{path.verified}</time>
        {t.fees.verifiedOn.split("{date}")[1]} <strong>{t.fees.governmentOnly}</strong>
      </p>
    </section>
  );
}

function FeeTable({ id, title, rows }: { id: string; title: string; rows: FeeRowView[] }) {
  const t = usePageMessages();
  return (
    <>
      <h3 id={id}>{title}</h3>
      <table className="fee-table">
        <thead>
          <tr>
            <th scope="col">
              {t.fees.form} · {t.fees.purpose}
            </th>
            <th scope="col">{t.fees.amount}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} id={`fee-${row.id}`}>
              <td>
                <strong className="block">
                  <Typeset text={row.form} />
                </strong>
                <Typeset text={row.title} />
                <span className="mt-1 block text-sm text-slate-700">
                  {row.since && (
                    <>
                      {t.fees.since} {row.since} ·{" "}
                    </>
                  )}
                  {t.fees.verified} {row.verified} ·{" "}
                  <a href={row.source} target="_blank" rel="noopener noreferrer">
                    {t.fees.source}
                    <span className="sr-only">
                      {" "}
                      ({row.form}) {t.ui.opensInNewTab}
                    </span>
                  </a>
                </span>
              </td>
              <td>
                <ul className="fee-amounts">
                  {row.amounts.map((amount) => (
                    <li key={amount.label}>
                      {amount.label && <>{amount.label}: </>}
                      <span className="font-semibold whitespace-nowrap">{amount.text}</span>
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
