// ESLint for the client (`npm run lint`, part of `make lint`): JavaScript's and
// typescript-eslint's recommended rules; formatting is Prettier's (`npm run format:check`).
import js from "@eslint/js";
import i18next from "eslint-plugin-i18next";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules", "dev/views.json"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // Preact's JSX runtime is imported by the compiler, not by name.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  // No words written straight into the page's markup: a player's text comes from the
  // catalogues (web/src/i18n, docs/web.md "Languages"). Names that are the same in every
  // language (the app's, OpenMoji's, a licence's) may stand as they are.
  {
    files: ["src/**/*.tsx"],
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": ["error", { words: { exclude: ["zoogames", "OpenMoji", "CC BY-SA 4\\.0", "[^A-Za-zÀ-ž]+"] } }],
    },
  },
);
