// ESLint for the client (`npm run lint`, part of `make lint`): JavaScript's and
// typescript-eslint's recommended rules; formatting is Prettier's (`npm run format:check`).
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config({ ignores: ["node_modules", "dev/views.json"] }, js.configs.recommended, tseslint.configs.recommended, {
  rules: {
    // Preact's JSX runtime is imported by the compiler, not by name.
    "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
  },
});
