import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The spec's messages, shared with the backend (as in tsconfig.json's paths).
  resolve: { alias: { '@kauri/messages': fileURLToPath(new URL('../backend/src/messages.ts', import.meta.url)) } },
  server: {
    // The backend listens on 3000 in development; proxying keeps the session cookie same-origin.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
