import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const API = "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // The API and the media WebSockets (browser test calls) live on the server in development.
    proxy: {
      "/api": { target: API, changeOrigin: true, ws: true },
      "/media": { target: API, changeOrigin: true, ws: true },
    },
  },
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 900 },
});
