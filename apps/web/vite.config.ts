import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { landingSizePlugin } from './build/landing-size-plugin.ts';

// In development the API runs as its own process; in production the server serves this build on the same origin.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), landingSizePlugin()],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // The landing page should not pay for Zod: only the screens with forms load the contract's schemas.
    // The contract's modules only declare things, so the bundler may drop whatever a chunk does not use.
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src/, sideEffects: false }],
      },
    },
  },
});
