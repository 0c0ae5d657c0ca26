import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = 'http://localhost:3000';

/** The console lives under /admin/ (hash routing inside); every API path goes to the backend in development. */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    alias: { '@cn/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)) },
  },
  server: {
    port: 5174,
    fs: { allow: ['..'] },
    proxy: {
      '/api': { target: server, ws: true },
      '/users': { target: server },
      '/administration': { target: server },
      '/members': { target: server },
      '/health': { target: server },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 2500 },
});
