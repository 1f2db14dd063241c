// Builds the client into the Python package, which serves it (`zoogames serve`).
// `npm run dev` serves it with hot reload and forwards /api (HTTP and WebSocket) to a
// server on port 8000, so the page and the API share one origin as they do in production.
import { defineConfig } from "vite";
import preact from "@preact/preset-vite";

export default defineConfig({
  plugins: [preact()],
  build: {
    outDir: "../src/zoogames/server/static",
    emptyOutDir: true,
  },
  server: {
    proxy: {
      "/api": { target: "http://127.0.0.1:8000", ws: true },
    },
  },
});
