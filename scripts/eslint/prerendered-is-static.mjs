// An ESLint rule: a component the prerender renders outside an island has no event handlers and no
// state, because nothing ever hydrates it (decision 0007). A handler there is a control that does
// nothing in the browser; the rule fails the lint instead (decision 0026).
//
// Which modules it checks comes from the site's import graph, read from disk once per lint run:
// - island roots: the modules site/islands/registry.ts loads (each island's component);
// - prerendered modules: what site/root.tsx, site/entry.server.tsx and the route modules import,
//   directly or not, without passing through an island root (a route imports an island's component
//   only to hand it to island(), which renders it inside its island).
// A module reached only from the island roots runs in the browser and may do anything. A module
// reached from the prerender (alone, or also from an island) is checked. Type-only imports render
// nothing and are not followed.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";

/** React hooks that only read what the render was given: they behave the same in the prerender. */
const renderOnlyHooks = {
  react: new Set(["useContext", "useId", "useMemo"]),
  "react-router": new Set(["useLoaderData", "useRouteLoaderData", "useMatches", "useRouteError", "useParams"]),
};

const hookName = /^use[A-Z]/;
const handlerName = /^on[A-Z]/;

/** The module a relative import names, or undefined for a package or a file that is not code. */
function resolveImport(from, specifier) {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ""));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function isTypeOnlyImport(node) {
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

/** The modules a file imports for their values: static imports, re-exports and dynamic import(). */
function valueImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const specifiers = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && !isTypeOnlyImport(node) && ts.isStringLiteral(node.moduleSpecifier))
      specifiers.push(node.moduleSpecifier.text);
    else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      specifiers.push(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) specifiers.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.map((specifier) => resolveImport(file, specifier)).filter((module) => module !== undefined);
}

/** The site's modules by role, for the project in `root`. */
export function siteGraph(root) {
  const site = join(root, "site");
  const islandRoots = new Set(valueImports(join(site, "islands", "registry.ts")));
  const routes = readdirSync(join(site, "routes"))
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(site, "routes", name));
  const prerendered = new Set();
  const pending = [join(site, "root.tsx"), join(site, "entry.server.tsx"), ...routes];
  while (pending.length > 0) {
    const file = pending.pop();
    if (prerendered.has(file) || islandRoots.has(file)) continue;
    prerendered.add(file);
    pending.push(...valueImports(file));
  }
  return { islandRoots, prerendered };
}

const graphs = new Map();
function graphOf(root) {
  let graph = graphs.get(root);
  if (!graph) graphs.set(root, (graph = siteGraph(root)));
  return graph;
}

/** The import that binds `name` where `node` is, as { source, imported }, or "local" / undefined. */
function bindingOf(context, node, name) {
  let scope = context.sourceCode.getScope(node);
  while (scope) {
    const variable = scope.set.get(name);
    if (variable) {
      const definition = variable.defs[0];
      if (!definition) return undefined;
      if (definition.type === "ImportBinding") {
        const spec = definition.node;
        const imported =
          spec.type === "ImportSpecifier"
            ? (spec.imported.name ?? spec.imported.value)
            : spec.type === "ImportDefaultSpecifier"
              ? "default"
              : "*";
        return { source: definition.parent.source.value, imported };
      }
      return definition.type === "Parameter" ? "parameter" : "local";
    }
    scope = scope.upper;
  }
  return undefined;
}

/** A handler the component was given by its caller: the caller is the one checked for it. */
function isForwarded(context, expression) {
  let node = expression;
  while (node.type === "MemberExpression") node = node.object;
  return node.type === "Identifier" && bindingOf(context, node, node.name) === "parameter";
}

/** @type {import("eslint").Rule.RuleModule} */
const rule = {
  meta: {
    type: "problem",
    docs: { description: "Components prerendered outside an island carry no event handlers and no state." },
    schema: [],
    messages: {
      handler:
        "`{{name}}` on a prerendered component never runs: pages are static HTML and only islands hydrate. Use a link or a form that works without script, a data attribute wired in site/islands/behaviours.ts, or an island (site/islands/registry.ts).",
      hook: "`{{name}}` in a prerendered component: nothing hydrates it, so its state or effect never changes the page. Move the interactive part into an island (site/islands/registry.ts), or into plain script in site/islands/.",
      islandComponent:
        "`<{{name}}>` is an island's component ({{module}}): render it through island(...) so the browser hydrates it.",
    },
  },
  create(context) {
    const file = context.filename;
    const { islandRoots, prerendered } = graphOf(context.cwd);
    if (!prerendered.has(file)) return {};
    const fromIslandRoot = (source) => {
      const module = resolveImport(file, source);
      return module !== undefined && islandRoots.has(module);
    };
    const checkHook = (node, name, binding) => {
      if (binding === undefined || binding === "local" || binding === "parameter") return;
      const allowed = renderOnlyHooks[binding.source];
      if (allowed ? allowed.has(name) : binding.source.startsWith(".") && !fromIslandRoot(binding.source)) return;
      context.report({ node, messageId: "hook", data: { name } });
    };
    return {
      JSXAttribute(node) {
        if (node.name.type !== "JSXIdentifier") return;
        const name = node.name.name;
        if (!handlerName.test(name) && name !== "ref") return;
        const value = node.value?.type === "JSXExpressionContainer" ? node.value.expression : undefined;
        if (value && isForwarded(context, value)) return;
        context.report({ node, messageId: "handler", data: { name } });
      },
      JSXOpeningElement(node) {
        if (node.name.type !== "JSXIdentifier") return;
        const binding = bindingOf(context, node, node.name.name);
        if (typeof binding === "object" && fromIslandRoot(binding.source))
          context.report({
            node,
            messageId: "islandComponent",
            data: { name: node.name.name, module: binding.source },
          });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === "Identifier" && hookName.test(callee.name))
          checkHook(node, callee.name, bindingOf(context, node, callee.name));
        else if (
          callee.type === "MemberExpression" &&
          callee.property.type === "Identifier" &&
          hookName.test(callee.property.name) &&
          callee.object.type === "Identifier"
        ) {
          // React.useState(...): the namespace's package decides, as for a named import.
          const binding = bindingOf(context, node, callee.object.name);
          checkHook(
            node,
            callee.property.name,
            typeof binding === "object" ? { ...binding, imported: callee.property.name } : binding,
          );
        }
      },
    };
  },
};

export default { meta: { name: "prerendered-is-static" }, rules: { "prerendered-is-static": rule } };
