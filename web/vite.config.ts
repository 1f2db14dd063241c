// Builds the client into the Python package, which serves it (`zoogames serve`).
// `npm run dev` serves it with hot reload and forwards /api (HTTP and WebSocket) to a
// server on port 8000, so the page and the API share one origin as they do in production.
import { readFileSync } from "node:fs";
import { defineConfig, searchForWorkspaceRoot, type Plugin } from "vite";
import preact from "@preact/preset-vite";

/** Files copied from the pinned packages into the build: the licences of what it bundles
 * (pictures, font; the About page links them). The favicon is the project's own drawing, in
 * public/ (scripts/make_favicon.py). */
const COPIED: Record<string, string> = {
  "licenses/openmoji-CC-BY-SA-4.0.txt": "node_modules/openmoji/LICENSE.txt",
  "licenses/atkinson-hyperlegible-OFL-1.1.txt": "node_modules/@fontsource/atkinson-hyperlegible/LICENSE",
};

function copied(): Plugin {
  return {
    name: "zoogames-copied-files",
    generateBundle() {
      for (const [fileName, source] of Object.entries(COPIED)) {
        this.emitFile({ type: "asset", fileName, source: readFileSync(source, "utf8") });
      }
    },
  };
}

export default defineConfig({
  plugins: [preact(), copied()],
  build: {
    outDir: "../src/zoogames/server/static",
    emptyOutDir: true,
    // Pictures stay files (cached once, and a failed load shows the text fallback) rather
    // than data URLs inlined into the script.
    assetsInlineLimit: 0,
  },
  server: {
    // The rules summaries are read from the repository's docs/summaries/ (their single
    // copy, src/text/summaries.ts), outside this folder: the dev server must be let in.
    // (The build reads them anyway.)
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), "../docs/summaries"] },
    proxy: {
      "/api": { target: "http://127.0.0.1:8000", ws: true },
    },
  },
});
