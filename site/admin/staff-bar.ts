// A bar at the foot of every editor screen, away from Publish at the top: the pages missing a
// translation and a search of everything (each one click away), the editor's language, and, on
// a page, its delete control. Plain DOM beside Decap's React tree, so Decap's re-renders leave it be.
import { localeConfig, locales } from "../../core/locales";
import type { CmsCollection, CmsConfig } from "./cms-config";
import { editorLanguageKey, type EditorLanguage, type EditorText } from "./editor-text";
import { missingTranslationList, searchEverything, type ContentFile, type EditorLink } from "./staff-index";

export interface StaffBarOptions {
  config: CmsConfig;
  language: EditorLanguage;
  text: EditorText;
  /** Every content file as the storage backend has it now. */
  readFiles: () => Promise<ContentFile[]>;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** The bar's height: Decap's editor ends above it, so its last field is never under the bar. */
const barHeight = 48;
const barStyle = `position:fixed;left:0;right:0;bottom:0;height:${barHeight}px;box-sizing:border-box;z-index:400;display:flex;gap:8px;align-items:center;padding:6px 12px;background:#eff0f4;border-top:1px solid #dfdfe3;font:14px/1.4 system-ui,sans-serif`;
const buttonStyle =
  "padding:6px 12px;border:1px solid #798291;border-radius:5px;background:#fff;color:#313d3e;font:inherit;cursor:pointer";

function button(label: string, onClick: () => void, style = buttonStyle): HTMLButtonElement {
  const node = element("button", { type: "button", textContent: label });
  node.style.cssText = style;
  node.addEventListener("click", onClick);
  return node;
}

function heading(title: string): HTMLHeadingElement {
  const node = element("h2", { textContent: title });
  node.style.cssText = "font-size:20px;font-weight:700;margin:0 0 12px";
  return node;
}

/** A modal panel with a heading; links inside close it as they open their entry. */
function panel(title: string, text: EditorText): { dialog: HTMLDialogElement; body: HTMLElement } {
  const body = element("div");
  const dialog = element(
    "dialog",
    { ariaLabel: title },
    heading(title),
    body,
    button(text.close, () => dialog.close()),
  );
  dialog.style.cssText = "width:min(900px,92vw);max-height:80vh;overflow:auto;font:15px/1.5 system-ui,sans-serif";
  dialog.addEventListener("click", (event) => {
    if (event.target instanceof HTMLAnchorElement) dialog.close();
  });
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return { dialog, body };
}

function link(item: EditorLink): HTMLAnchorElement {
  const node = element("a", { href: item.hash, textContent: item.title });
  node.style.cssText = "color:#3a69c7;text-decoration:underline;font-weight:600";
  return node;
}

function linkList(items: (EditorLink & { detail: string; path?: string })[]): HTMLUListElement {
  return element(
    "ul",
    {},
    ...items.map((item) =>
      element(
        "li",
        {},
        link(item),
        ...(item.path ? [" ", element("code", { textContent: item.path })] : []),
        element("br"),
        element("span", { textContent: item.detail }),
      ),
    ),
  );
}

async function showMissing({ config, text, readFiles }: StaffBarOptions): Promise<void> {
  const { body } = panel(text.missingTitle, text);
  body.textContent = text.loading;
  const missing = missingTranslationList(config, await readFiles(), text);
  body.textContent = "";
  body.append(
    missing.length ? element("p", { textContent: text.missingIntro }) : element("p", { textContent: text.missingNone }),
    linkList(missing.map((item) => ({ ...item, detail: item.problem }))),
  );
}

function showSearch({ config, text, readFiles }: StaffBarOptions, initial = ""): void {
  const { body } = panel(text.searchTitle, text);
  const input = element("input", { type: "search", id: "lfh-search-everything" });
  input.style.cssText = "width:60%;padding:6px;font:inherit";
  const results = element("div", { role: "status" });
  const form = element(
    "form",
    {},
    element("label", { htmlFor: input.id, textContent: text.searchLabel }),
    element("br"),
    input,
    " ",
    button(text.searchButton, () => form.requestSubmit()),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const query = input.value.trim();
    if (!query) return;
    results.textContent = text.loading;
    void readFiles().then((files) => {
      const hits = searchEverything(config, files, query);
      results.textContent = "";
      results.append(
        element("p", { textContent: hits.length ? text.searchCount(hits.length, query) : text.searchNone(query) }),
        linkList(hits.map((hit) => ({ ...hit, detail: hit.excerpt }))),
      );
    });
  });
  body.append(form, results);
  input.focus();
  input.value = initial;
  if (initial) form.requestSubmit();
}

/** Decap's own "Search all" box finds neither page bodies nor fee amounts: its query opens ours. */
function searchFromDecap(options: StaffBarOptions): void {
  const match = /\/search\/([^/]+)$/.exec(window.location.hash);
  if (match && !document.querySelector("dialog[open]")) showSearch(options, decodeURIComponent(match[1] ?? ""));
}

/** The page open in the editor, when it is a page of a folder collection (a file of each language). */
function openPage(config: CmsConfig): { collection: CmsCollection; name: string } | undefined {
  const match = /^#\/collections\/([^/]+)\/entries\/([^/?]+)$/.exec(window.location.hash);
  if (!match) return undefined;
  const collection = config.collections.find(
    (candidate): candidate is CmsCollection => candidate.name === match[1] && "folder" in candidate,
  );
  return collection ? { collection, name: decodeURIComponent(match[2] ?? "") } : undefined;
}

/** Decap's own delete button, which the style below hides from the toolbar beside Publish. */
const decapDelete = '[class*="ToolbarButton"][class*="-DeleteButton-"]';

/** Every language's file a page's delete removes, in the site's layout. */
export function pageFiles(collection: CmsCollection, name: string): string[] {
  const folder = collection.folder.replace(/^content\//, "");
  return locales.map((locale) => `content/${locale}/${folder}/${name}.md`);
}

/**
 * One confirmation that names both files, then Decap's delete (its own confirmations are
 * answered yes: they would ask the same question again, without the files).
 */
function deletePage(config: CmsConfig, text: EditorText): void {
  const open = openPage(config);
  const decap = document.querySelector<HTMLButtonElement>(decapDelete);
  if (!open || !decap) return;
  const title = document.querySelector<HTMLInputElement>('input[id$="title"]')?.value ?? open.name;
  if (!window.confirm(text.deleteConfirm(title, pageFiles(open.collection, open.name)))) return;
  const confirm = window.confirm.bind(window);
  window.confirm = () => true;
  try {
    decap.click();
  } finally {
    window.confirm = confirm;
  }
}

export function mountStaffBar(options: StaffBarOptions): void {
  const { config, language, text } = options;
  document.head.append(
    element("style", {
      textContent: `${decapDelete}{display:none!important}[class*="-EditorContainer"]{bottom:${barHeight}px!important;height:auto!important}#nc-root{padding-bottom:${barHeight}px}`,
    }),
  );
  const choose = (choice: EditorLanguage) => () => {
    if (choice === language) return;
    localStorage.setItem(editorLanguageKey, choice);
    window.location.reload();
  };
  const languages = element(
    "div",
    { role: "group", ariaLabel: text.languageSwitch },
    ...locales.map((choice) => {
      const node = button(localeConfig[choice].name, choose(choice));
      node.setAttribute("aria-pressed", String(choice === language));
      node.lang = choice;
      if (choice === language) node.style.fontWeight = "700";
      return node;
    }),
  );
  const remove = button(
    text.deletePage,
    () => deletePage(config, text),
    `${buttonStyle};margin-left:auto;border-color:#d60032;color:#d60032`,
  );
  const bar = element(
    "nav",
    { ariaLabel: text.toolsLabel },
    button(text.missingTitle, () => void showMissing(options)),
    button(text.searchTitle, () => showSearch(options)),
    element("span", { textContent: `${text.languageSwitch}:` }),
    languages,
    remove,
  );
  bar.style.cssText = barStyle;
  document.body.append(bar);
  // The delete control shows only where Decap offers a delete: on a saved page, not a new one or a settings file.
  const update = () => {
    remove.hidden = !(openPage(config) && document.querySelector(decapDelete));
  };
  new MutationObserver(update).observe(document.body, { childList: true, subtree: true });
  window.addEventListener("hashchange", update);
  window.addEventListener("hashchange", () => searchFromDecap(options));
  update();
  searchFromDecap(options);
}
