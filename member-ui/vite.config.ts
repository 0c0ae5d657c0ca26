import { fileURLToPath } from 'node:url';
import type { IncomingMessage } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { pureSchemas } from './vite-pure-schemas';
import { startPageHints } from './vite-start-page';

const server = 'http://localhost:3000';

/**
 * Some API paths are also console routes (`/directory/members`, `/members/:id`, `/users/sign_in`):
 * a browser navigation (HTML) stays with the dev server, an API call (JSON) goes to the backend.
 */
const apiOrPage: ProxyOptions = {
  target: server,
  changeOrigin: false,
  bypass: (req: IncomingMessage) =>
    req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') ? '/index.html' : undefined,
};

export default defineConfig({
  base: '/',
  plugins: [pureSchemas(), react(), startPageHints()],
  resolve: {
    alias: { '@cn/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, ws: true, changeOrigin: false },
      '/health': { target: server },
      '/users': apiOrPage,
      '/administration': apiOrPage,
      '/directory': apiOrPage,
      '/members': apiOrPage,
      // GET /files/{id}/{type}/actions (document actions); /files/... pages otherwise
      '/files': apiOrPage,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        /**
         * The libraries every page runs are chunks of their own: a release that changes only our code
         * leaves them cached (immutable under their hash). Other libraries stay with the pages using them.
         */
        manualChunks: (id: string) => {
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (/node_modules\/react-router(-dom)?\//.test(id)) return 'router';
          if (/node_modules\/(i18next|react-i18next)\//.test(id)) return 'i18n';
          if (/node_modules\/@tanstack\//.test(id)) return 'query';
          return undefined;
        },
      },
      // zod's sources carry comments Rollup cannot place; harmless, and not ours to fix
      onwarn: (warning, warn) => {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
});
