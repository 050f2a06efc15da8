import { renderToStaticMarkup } from "react-dom/server";
import type { ContentKind } from "../../core/content-kinds";
import { frontMatterSchemas } from "../../core/content-schema";
import { messages } from "../../core/i18n";
import type { Locale } from "../../core/locales";
import { PageBody, PageHeader, Prose } from "../components/page";
import { renderMarkdown } from "../content/markdown.server";
import { SiteProvider } from "../lib/locale";
import type { PageView } from "../lib/page-types";

/**
 * A page as the site will show it, rendered with the site's own React 18 components to static
 * HTML: the editor (its own React 19) shows this HTML in its preview pane, with the site's
 * stylesheet. Front matter the build would refuse is listed instead, field by field.
 */
export function previewHtml(kind: ContentKind, locale: Locale, data: unknown, body: string): string {
  const parsed = frontMatterSchemas[kind].safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    return renderToStaticMarkup(
      <div className="container-page py-8" lang={locale}>
        <p className="font-semibold">{locale.toUpperCase()}: the build would refuse this page</p>
        <ul className="list-disc pl-6">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </div>,
    );
  }
  const rendered = renderMarkdown(body);
  const page: PageView = {
    key: "",
    kind,
    locale,
    path: "",
    content: { html: rendered.html, headings: rendered.headings, words: rendered.words, data: parsed.data },
    seo: {
      title: parsed.data.title,
      description: parsed.data.description,
      canonical: "",
      alternates: [],
      ogType: "website",
      image: "",
      imageAlt: "",
      locale,
      jsonLd: [],
    },
    breadcrumbs: [],
    extra: { related: [] },
  };
  return renderToStaticMarkup(
    <SiteProvider value={{ locale, pathname: "", messages: messages(locale) }}>
      <div lang={locale}>
        <PageHeader page={page} />
        <PageBody>
          <Prose html={page.content.html} />
        </PageBody>
      </div>
    </SiteProvider>,
  );
}
