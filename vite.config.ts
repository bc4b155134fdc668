import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { VitePWA } from "vite-plugin-pwa";
import { firstLoadSize } from "./scripts/first-load-size.ts";
import { precompress } from "./scripts/precompress.ts";
import { publicPagesChunk } from "./scripts/public-pages-chunk.ts";
import { serverRenderer } from "./scripts/server-renderer-build.ts";

const apiPort = process.env.API_PORT ?? "3001";

export default defineConfig({
  root: "web",
  publicDir: "public",
  // The browser build; serverRenderer() then builds web/entry-server.tsx into <outDir>-ssr.
  plugins: [
    react(),
    tailwindcss(),
    // The service worker (web/service-worker/sw.ts) with this build's files to keep; the manifest is
    // the server's (/manifest.webmanifest: it carries the community name), and the page registers the
    // worker itself (features/app-install) to offer updates instead of taking over.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "service-worker",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifest: false,
      injectManifest: { globPatterns: ["**/*.{js,css,svg,png,woff2}", "offline.html"], globIgnores: ["images/**", "**/*.br", "**/*.gz"] },
    }),
    firstLoadSize(),
    precompress(),
    serverRenderer(),
  ],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports goes into the entry's own file: it is always loaded whole, and
        // Rolldown would otherwise split the parts lazy pages share into six more requests. What the
        // other public pages share goes into one more file (scripts/public-pages-chunk.ts).
        codeSplitting: {
          groups: [
            { name: "index", tags: ["$initial"] },
            {
              debugName: "public-pages",
              name: publicPagesChunk({
                routeTable: fileURLToPath(new URL("./web/routes/marketing/marketing-routes.tsx", import.meta.url)),
                homePage: fileURLToPath(new URL("./web/routes/marketing/home-page.tsx", import.meta.url)),
              }),
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
