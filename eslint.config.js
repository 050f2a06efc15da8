import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
      "data",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Arrows point at core: core imports nothing from site or server.
    files: ["core/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["../site/*", "../server/*", "node:*", "react", "react-dom"] }],
    },
  },
  {
    // The site never imports the server.
    files: ["site/**/*.{ts,tsx}"],
    ignores: ["site/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ regex: "^(\\.\\./)+server(/|$)" }] }] },
  },
  {
    // The server never imports the site: it serves the built files and shares only core.
    files: ["server/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ regex: "^(\\.\\./)+site(/|$)" }] }] },
  },
);
