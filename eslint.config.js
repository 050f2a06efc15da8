import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import prerenderedIsStatic from "./scripts/eslint/prerendered-is-static.mjs";

/**
 * The intake's features (server/intake/<feature>/): each is used from outside only through its
 * index, so what a feature keeps to itself can change without reading the others. The files at
 * server/intake/ itself (the store, the composition in index.ts) are shared by all.
 */
const intakeFeatures = ["forms", "uploads", "outbox", "destinations", "review"];
const featureZones = intakeFeatures.map((feature) => ({
  target: ["./server/*.ts", "./server/!(intake)/**", "./server/intake/*.ts", `./server/intake/!(${feature})/**`],
  from: `./server/intake/${feature}`,
  except: ["./index.ts"],
  message: `Import the intake's ${feature} feature through server/intake/${feature}/index.ts.`,
}));

export default tseslint.config(
  {
    ignores: [
      "build",
      "build-split",
      ".build",
      ".cache",
      ".react-router",
      "node_modules",
      "test-results",
      "playwright-report",
      "core/content-pages.generated.ts",
      "data",
      "site/public",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // A cycle makes module order matter and drags whole groups of modules into every bundle
      // that needs one of them.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // Layers: everything may depend on core/, core/ on nothing else; the site and the server never
      // import each other (the site is static pages, the server the intake API). Tests and scripts
      // may use any layer.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./core",
              from: ["./site", "./server", "./scripts", "./tests"],
              message: "core/ is pure: it imports nothing from the other layers.",
            },
            { target: "./server", from: ["./site"], message: "The server never imports the site." },
            { target: "./site", from: ["./server"], message: "The site never imports the server." },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules for the TypeScript sources: promises that are awaited or handled, values
    // of type any that do not leak, and assertions that say something.
    files: ["**/*.{ts,tsx}"],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Pages are static HTML and only islands hydrate: a prerendered component with an event handler
    // or state is a control that does nothing (decision 0026). The rule finds which modules the
    // prerender renders outside an island from the site's import graph.
    files: ["site/**/*.{ts,tsx}"],
    plugins: { "prerendered-is-static": prerenderedIsStatic },
    rules: { "prerendered-is-static/prerendered-is-static": "error" },
  },
  {
    // A language is a record in core/locales.ts, not a literal to compare with: code that asks
    // `locale === "es"` is a two-way switch a third language would silently fall through. Read the
    // record (its Intl tag, name, prefix) or an exhaustive `Record<Locale, …>` instead. Tests may:
    // they check the content of a named language.
    files: ["**/*.{ts,tsx,js,mjs}"],
    ignores: ["core/locales.ts", "**/*.test.{ts,tsx}", "tests/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "BinaryExpression[operator=/^[!=]==?$/] > Literal[value=/^(en|es)$/]",
          message:
            "Compare no locale with a literal: use core/locales.ts (localeConfig, alternates) or a Record<Locale, …>.",
        },
      ],
    },
  },
  {
    // A function a reader can hold in mind: one over 150 lines is split along its own seams (a
    // route group, a command, a concern). Tests are exempt: a describe callback holds its cases.
    files: ["**/*.{ts,tsx,js,mjs}"],
    ignores: ["**/*.test.{ts,tsx}", "tests/e2e/**"],
    rules: { "max-lines-per-function": ["error", { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // A test may reach across layers to check them together (the site's submit against the server).
    files: ["**/*.test.{ts,tsx}"],
    rules: { "import-x/no-restricted-paths": "off" },
  },
  {
    // core/ runs in the browser and on the server alike: no Node built-ins, no React.
    // Its tests run in Node only, and may use it (a scratch copy of core/ to compile).
    files: ["core/**/*.ts"],
    ignores: ["core/**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["node:*", "react", "react-dom"] }],
    },
  },
  {
    // Route modules read what their loader returns, typed by React Router's generated types:
    // a cast there would hide a mismatch between loader and page.
    files: ["site/routes/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/consistent-type-assertions": ["error", { assertionStyle: "never" }] },
  },
);
