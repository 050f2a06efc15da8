// A save from the editor changes only what staff edited. Decap sends the whole file as it would
// write it (its own YAML style: quotes dropped, keys reordered, flow lists and comments gone; its
// own Markdown style for a body it re-serialised). Here the editor's values are compared with the
// file on disk and only the values that differ are written into the file's own text: comments, key
// order, quoting and list style, and the body's untouched lines stay byte for byte.
import {
  CST,
  Composer,
  Document as YAMLDocument,
  Parser,
  isMap,
  isScalar,
  isSeq,
  parse,
  type Node,
  type Pair,
  type ParsedNode,
  type Scalar,
} from "yaml";

/** Whether two values read from YAML (scalars, lists, maps) are the same, whatever the maps' key order. */
function isDeepStrictEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => isDeepStrictEqual(item, b[i]))
    );
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && isDeepStrictEqual(a[key], b[key]));
}

/** A change the file's own text cannot take in place: the caller writes the editor's file instead. */
export class CannotKeepFormat extends Error {}

type Item = CST.CollectionItem;
type Block = CST.BlockMap | CST.BlockSequence;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What the file says: `null` and a missing key both mean "not set" to the site (decision 0034). */
const isSet = (value: unknown) => value !== null && value !== undefined;

function blockOf(node: Node): Block {
  const token = node.srcToken;
  if (token?.type === "block-map" || token?.type === "block-seq") return token;
  throw new CannotKeepFormat("a flow collection changes shape");
}

/** How a new list item is written: like the item beside it (its key order, flow or block style). */
interface ItemStyle {
  flow: boolean;
  padding: boolean;
}

function styleLike(value: unknown, neighbour: ParsedNode | undefined): { value: unknown; style?: ItemStyle } {
  if (!neighbour || !isMap(neighbour) || !isRecord(value)) return { value };
  const order = neighbour.items.map((pair) => (isScalar(pair.key) ? String(pair.key.value) : ""));
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const sorted = Object.fromEntries(Object.entries(value).sort(([a], [b]) => rank(a) - rank(b)));
  const token = neighbour.srcToken;
  const flow = token?.type === "flow-collection";
  return { value: sorted, style: { flow, padding: flow && /^[{[] /.test(CST.stringify(token)) } };
}

/** The source text of one new item, parsed at `indent` so its tokens fit where it goes. */
function itemTokens(value: unknown, indent: number, key: string | undefined, style?: ItemStyle): Item {
  const holder = new YAMLDocument(key === undefined ? [value] : { [key]: value });
  const inner = holder.getIn(key === undefined ? [0] : [key], true);
  if (style?.flow && (isMap(inner) || isSeq(inner))) inner.flow = true;
  const text = holder.toString({ lineWidth: 0, flowCollectionPadding: style?.padding ?? true });
  const padded = text.replace(/^(?=.)/gm, " ".repeat(indent));
  const document = [...new Parser().parse(padded)].find((token) => token.type === "document");
  const collection = document?.type === "document" ? document.value : undefined;
  const item = collection?.type === "block-map" || collection?.type === "block-seq" ? collection.items[0] : undefined;
  if (!item) throw new CannotKeepFormat(`cannot write ${key ?? "a list item"}`);
  return item;
}

const space = (indent: number): CST.SourceToken => ({
  type: "space",
  offset: 0,
  indent: 0,
  source: " ".repeat(indent),
});

/** Inserts a new item at `at` of a block collection, with the indentation its neighbours have. */
function insertItem(block: Block, at: number, item: Item): void {
  const items = block.items as Item[];
  const pad = block.indent > 0 ? [space(block.indent)] : [];
  if (at === 0 && items.length > 0) {
    // The first item's indentation is written before the collection; the one now second needs its own.
    const first = items[0];
    if (first) first.start = [...pad, ...first.start];
    items.splice(0, 0, item);
  } else {
    const previous = items[at - 1];
    if (previous && !CST.stringify(previous).endsWith("\n")) throw new CannotKeepFormat("no line end to add after");
    item.start = [...pad, ...item.start];
    items.splice(at, 0, item);
  }
}

function removeItem(block: Block, item: Item): void {
  const items = block.items as Item[];
  const at = items.indexOf(item);
  if (at < 0) throw new CannotKeepFormat("an item is not where it was read");
  if (at === 0 && items[1]) {
    // The indentation written before the collection belongs to whichever item comes first.
    const start = items[1].start;
    while (start[0]?.type === "space") start.shift();
  }
  items.splice(at, 1);
}

function setScalar(node: Scalar, old: unknown, next: unknown, inFlow: boolean, afterKey: boolean): void {
  const token = node.srcToken;
  if (!token || token.type === "block-scalar") throw new CannotKeepFormat("a block text changes");
  if (typeof next === "object" && next !== null) throw new CannotKeepFormat("a value becomes a list or group");
  let type = node.type ?? "PLAIN";
  if (typeof next === "string") {
    // A plain string that would read back as a number, a boolean or null is quoted.
    const readsBack = (() => {
      try {
        return parse(next) === next;
      } catch {
        return false;
      }
    })();
    if (typeof old !== "string" || (type === "PLAIN" && !readsBack)) type = readsBack ? "PLAIN" : "QUOTE_DOUBLE";
  } else type = "PLAIN";
  CST.setScalarValue(token, typeof next === "string" ? next : String(next), { type, inFlow, afterKey });
}

function mergeMap(node: Node, old: Record<string, unknown>, next: Record<string, unknown>, inFlow: boolean): void {
  if (!isMap(node)) throw new CannotKeepFormat("a group was expected");
  const pairs = node.items as Pair<ParsedNode, ParsedNode | null>[];
  const pairOf = (key: string) => pairs.find((pair) => isScalar(pair.key) && String(pair.key.value) === key);
  for (const key of Object.keys(old)) {
    if (isSet(next[key]) || !isSet(old[key])) continue;
    const pair = pairOf(key);
    const block = blockOf(node);
    const item = (block.items as Item[]).find((entry) => entry.key === pair?.key?.srcToken);
    if (!item) throw new CannotKeepFormat(`${key} is not where it was read`);
    removeItem(block, item);
  }
  for (const [key, value] of Object.entries(next)) {
    if (!isSet(value)) continue;
    const pair = pairOf(key);
    if (pair?.value && isSet(old[key])) {
      mergeNode(pair.value, old[key], value, inFlow || pair.value.srcToken?.type === "flow-collection", true);
      continue;
    }
    if (pair) throw new CannotKeepFormat(`${key} is written without a value`);
    const block = blockOf(node);
    insertItem(block, block.items.length, itemTokens(value, block.indent, key));
  }
}

function mergeSeq(node: Node, old: unknown[], next: unknown[], inFlow: boolean): void {
  if (!isSeq(node)) throw new CannotKeepFormat("a list was expected");
  const nodes = node.items as ParsedNode[];
  // Items kept at the start and at the end stay as written; the ones between changed.
  let head = 0;
  while (head < old.length && head < next.length && isDeepStrictEqual(old[head], next[head])) head++;
  let tail = 0;
  while (
    tail < Math.min(old.length, next.length) - head &&
    isDeepStrictEqual(old[old.length - 1 - tail], next[next.length - 1 - tail])
  )
    tail++;
  const oldMiddle = old.length - head - tail;
  const newMiddle = next.length - head - tail;
  const paired = Math.min(oldMiddle, newMiddle);
  for (let i = head; i < head + paired; i++) {
    const item = nodes[i];
    if (!item) throw new CannotKeepFormat("a list item is missing");
    mergeNode(item, old[i], next[i], inFlow || item.srcToken?.type === "flow-collection", false);
  }
  if (oldMiddle === paired && newMiddle === paired) return;
  const block = blockOf(node);
  const items = block.items as Item[];
  const itemOf = (value: ParsedNode | undefined) => items.find((entry) => entry.value === value?.srcToken);
  for (const gone of nodes.slice(head + paired, head + oldMiddle)) {
    const item = itemOf(gone);
    if (!item) throw new CannotKeepFormat("a list item is not where it was read");
    removeItem(block, item);
  }
  const before = head + paired > 0 ? itemOf(nodes[head + paired - 1]) : undefined;
  let at = before ? items.indexOf(before) + 1 : 0;
  const neighbour = nodes[head + paired - 1] ?? nodes[head + oldMiddle];
  for (const item of next.slice(head + paired, head + newMiddle)) {
    const { value, style } = styleLike(item, neighbour);
    insertItem(block, at++, itemTokens(value, block.indent, undefined, style));
  }
}

function mergeNode(node: ParsedNode, old: unknown, next: unknown, inFlow: boolean, afterKey: boolean): void {
  if (isDeepStrictEqual(old, next)) return;
  if (isRecord(old) && isRecord(next)) return mergeMap(node, old, next, inFlow);
  if (Array.isArray(old) && Array.isArray(next)) {
    if (next.length === 0) throw new CannotKeepFormat("a list is emptied");
    return mergeSeq(node, old, next, inFlow);
  }
  if (!isScalar(node)) throw new CannotKeepFormat("a list or group becomes a single value");
  setScalar(node, old, next, inFlow, afterKey);
}

/** The YAML `source` with the values of `next` (the editor's file, parsed) written in place. */
export function mergeYaml(source: string, nextText: string): string {
  const tokens = [...new Parser().parse(source)];
  const documents: YAMLDocument.Parsed[] = [...new Composer({ keepSourceTokens: true }).compose(tokens)];
  const document = documents[0];
  if (documents.length !== 1 || !document || document.errors.length > 0)
    throw new CannotKeepFormat("the file on disk is not one YAML document");
  const next: unknown = parse(nextText);
  const contents = document.contents;
  if (!contents) throw new CannotKeepFormat("the file on disk is empty");
  mergeNode(contents, document.toJS(), next, false, false);
  return tokens.map((token) => CST.stringify(token)).join("");
}

interface FrontMatterFile {
  /** The text up to and including the opening `---` line. */
  open: string;
  yaml: string;
  /** The closing `---` line. */
  close: string;
  body: string;
}

function splitFrontMatter(text: string): FrontMatterFile | undefined {
  const match = /^(---\r?\n)([\s\S]*?\r?\n)?(---[ \t]*(?:\r?\n|$))([\s\S]*)$/.exec(text);
  if (!match) return undefined;
  return { open: match[1] ?? "", yaml: match[2] ?? "", close: match[3] ?? "", body: match[4] ?? "" };
}

/**
 * A Markdown line as its meaning: the editor re-serialises a body it touched in its own style (list
 * markers, emphasis, escapes), so lines are matched by this rather than by their characters.
 */
export function markdownMeaning(line: string): string {
  return line
    .replace(/\\([\\`*_{}[\]()#+\-.!:<>|~])/g, "$1")
    .replace(/^(\s*)[*+-](\s+)/, "$1-$2")
    .replace(/^(\s*\d+)\)(\s+)/, "$1.$2")
    .replace(/__(.+?)__/g, "**$1**")
    .replace(/(^|[^*_])_([^_]+)_(?!_)/g, "$1*$2*")
    .replace(/\s+/g, " ")
    .trim();
}

/** The lines of `next` (the editor's body), where a line means the same as one of `old`'s written as `old` writes it. */
export function mergeBody(old: string, next: string): string {
  const meaning = (text: string) => text.split("\n").map(markdownMeaning).filter(Boolean).join("\n");
  if (meaning(old) === meaning(next)) return old;
  const a = old.split("\n");
  const b = next.split("\n");
  const ma = a.map(markdownMeaning);
  const mb = b.map(markdownMeaning);
  // Longest common subsequence of the lines' meanings, from the end, so the walk goes forwards.
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i]![j] =
        ma[i] === mb[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (j < b.length) {
    if (i < a.length && ma[i] === mb[j]) {
      out.push(a[i++]!);
      j++;
    } else if (i < a.length && lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
    else out.push(b[j++]!);
  }
  return out.join("\n");
}

/**
 * The file to write for a save of `path`: `old` (on disk) with the editor's changes from `next`
 * (the file Decap would write) in the old file's own format. A new file, a file that is not YAML
 * or Markdown, or a change this cannot place in the old text is written as Decap sends it.
 */
export function keepFormat(path: string, old: string | undefined, next: string): string {
  if (old === undefined) return next;
  try {
    if (/\.ya?ml$/.test(path)) return mergeYaml(old, next);
    if (!path.endsWith(".md")) return next;
    const before = splitFrontMatter(old);
    const after = splitFrontMatter(next);
    if (!before || !after) return next;
    const yaml = isDeepStrictEqual(parse(before.yaml), parse(after.yaml))
      ? before.yaml
      : mergeYaml(before.yaml, after.yaml);
    return `${before.open}${yaml}${before.close}${mergeBody(before.body, after.body)}`;
  } catch {
    // A save never fails here: what the old text cannot take (or cannot be read) is written as sent.
    return next;
  }
}
