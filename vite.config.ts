import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { firstLoadSize } from "./scripts/first-load-size.ts";
import { precompress } from "./scripts/precompress.ts";

const apiPort = process.env.API_PORT ?? "3001";

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), firstLoadSize(), precompress()],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    reportCompressedSize: true,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
