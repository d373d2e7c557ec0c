// The page is built into the Python package, so `pip install` ships it and the
// user needs no Node.js: `npm run build` writes escoba_spec/studio/static/.
import { defineConfig } from "vite";

export default defineConfig({
  base: "/",
  build: {
    outDir: "../escoba_spec/studio/static",
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
});
