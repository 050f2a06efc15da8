// The editor at /admin: Decap CMS's standalone bundle (its own React 19), initialised in code with
// the configuration generated from the content schemas. Nothing here loads on public pages.
import { isContentKind, type ContentKind } from "../../core/content-kinds";
import { isLocale, type Locale } from "../../core/locales";
import type { CmsConfig } from "./cms-config";
import { feeIdControl, type FeeIdProps, type FeeUsage } from "./fee-usage";
import { withLocaleFolders } from "./locale-folders";
import { previewHtml } from "./preview";
import { editorLanguage, editorLanguageKey, editorTexts } from "./editor-text";
import { localizedConfig } from "./localized-config";
import { mountStaffBar } from "./staff-bar";
import type { ContentFile } from "./staff-index";
import { missingTranslations } from "./translations";

/** What the admin page's JSON block carries: the generated configuration and the site's stylesheet. */
export interface AdminSettings {
  config: CmsConfig;
  stylesheet: string;
  /** The pages that show each fee, for the Fee table. */
  feeUsage: FeeUsage;
}

/** The parts of Decap's global API this page uses (documented: CMS.init, registerPreview*, h, createClass). */
interface EntryLike {
  getIn(path: readonly string[]): unknown;
}
interface PreviewProps {
  entry: EntryLike;
}
/** What Decap gives a widget's control: the same for every widget. */
type ControlProps = FeeIdProps;
/** The storage backend methods the staff bar reads content with (every Decap backend has them). */
interface StorageBackend {
  entriesByFolder(
    folder: string,
    extension: string,
    depth: number,
  ): Promise<{ file: { path: string }; data: string }[]>;
  getEntry(path: string): Promise<{ file: { path: string }; data: string }>;
}
interface DecapGlobals {
  CMS_MANUAL_INIT?: boolean;
  CMS?: {
    init(options: { config: CmsConfig }): void;
    registerPreviewStyle(style: string): void;
    registerPreviewTemplate(name: string, component: unknown): void;
    getBackend(name: string): { init: (...args: unknown[]) => StorageBackend } | undefined;
    registerWidget(name: string, control: unknown): void;
    registerEventListener(listener: { name: "preSave"; handler: (event: { entry: EntryLike }) => undefined }): void;
  };
  h?: (type: string, props: Record<string, unknown>, ...children: unknown[]) => unknown;
  createClass?: <P>(spec: { render(this: { props: P }): unknown }) => unknown;
}

const globals = window as unknown as DecapGlobals;
// Set before the bundle runs: otherwise it initialises itself from a config.yml.
globals.CMS_MANUAL_INIT = true;

function toPlain(value: unknown): unknown {
  return typeof value === "object" && value !== null && "toJS" in value && typeof value.toJS === "function"
    ? (value.toJS as () => unknown)()
    : value;
}

function sideBySide(kind: ContentKind, entry: EntryLike, defaultLocale: Locale, locales: readonly Locale[]): string {
  return locales
    .map((locale) => {
      const path = locale === defaultLocale ? ["data"] : ["i18n", locale, "data"];
      const data = toPlain(entry.getIn(path));
      if (typeof data !== "object" || data === null) return "";
      const { body, ...front } = data as Record<string, unknown>;
      return previewHtml(kind, locale, front, typeof body === "string" ? body : "");
    })
    .join("");
}

/** Every Markdown and YAML file under content/, as the backend has it now. */
async function readContent(backend: StorageBackend | undefined): Promise<ContentFile[]> {
  if (!backend) return [];
  const lists = await Promise.all([
    backend.entriesByFolder("content", "md", 6),
    backend.entriesByFolder("content", "yaml", 3),
  ]);
  return lists.flat().map((entry) => ({ path: entry.file.path, text: entry.data }));
}

function start(settings: AdminSettings): void {
  const { CMS, h, createClass } = globals;
  if (!CMS || !h || !createClass) throw new Error("the editor bundle did not load");
  const language = editorLanguage(localStorage.getItem(editorLanguageKey));
  const text = editorTexts[language];
  const config = localizedConfig(settings.config, language);
  document.documentElement.lang = language;
  // The storage backends see the site's layout of content/; the editor sees its own.
  let storage: StorageBackend | undefined;
  for (const name of new Set(["proxy", config.backend.name])) {
    const backend = CMS.getBackend(name);
    if (!backend) continue;
    const init = backend.init;
    backend.init = (...args) => {
      storage = init(...args);
      return withLocaleFolders(storage);
    };
  }
  CMS.registerPreviewStyle(settings.stylesheet);
  const locales = config.i18n.locales.filter(isLocale);
  const defaultLocale = isLocale(config.i18n.default_locale) ? config.i18n.default_locale : "en";
  for (const collection of config.collections) {
    // Settings, the ledger and the FAQ have no page preview of their own: Decap shows their fields.
    if (!("filter" in collection)) continue;
    const kind = collection.filter.value;
    if (!isContentKind(kind)) continue;
    CMS.registerPreviewTemplate(
      collection.name,
      createClass({
        render(this: { props: PreviewProps }) {
          return h("div", {
            dangerouslySetInnerHTML: { __html: sideBySide(kind, this.props.entry, defaultLocale, locales) },
          });
        },
      }),
    );
  }
  // The description's length, counted as staff type (the build wants 70 to 160 characters).
  CMS.registerWidget(
    "counted",
    createClass<ControlProps>({
      render() {
        const { value, onChange, forID, classNameWrapper, setActiveStyle, setInactiveStyle } = this.props;
        const typed = typeof value === "string" ? value : "";
        const length = typed.length;
        return h(
          "div",
          {},
          h("textarea", {
            id: forID,
            className: classNameWrapper,
            value: typed,
            rows: 3,
            onChange: (event: { target: { value: string } }) => onChange(event.target.value),
            onFocus: setActiveStyle,
            onBlur: setInactiveStyle,
          }),
          h("p", { "aria-live": "polite", style: { margin: "4px 0 0" } }, text.characters(length)),
        );
      },
    }),
  );
  CMS.registerWidget("fee-id", createClass<FeeIdProps>({ render: feeIdControl(settings.feeUsage, h) }));
  CMS.registerEventListener({
    name: "preSave",
    handler: ({ entry }) => {
      const collection = config.collections.find((c) => c.name === entry.getIn(["collection"]));
      if (!collection || !("filter" in collection)) return undefined;
      const data = Object.fromEntries(
        locales.map((locale) => [
          locale,
          toPlain(entry.getIn(locale === defaultLocale ? ["data"] : ["i18n", locale, "data"])),
        ]),
      );
      const problem = missingTranslations(collection.fields, data, text);
      if (problem) throw new Error(problem);
      return undefined;
    },
  });
  CMS.init({ config });
  mountStaffBar({ config, language, text, readFiles: () => readContent(storage) });
}

const settingsBlock = document.getElementById("cms-settings");
const settings = JSON.parse(settingsBlock?.textContent ?? "{}") as AdminSettings;
const bundle = document.createElement("script");
bundle.src = "/admin/decap-cms.js";
bundle.addEventListener("load", () => start(settings));
document.head.append(bundle);
