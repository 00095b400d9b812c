import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * A hash of what the client is built from: the persisted query cache is thrown away when it
 * changes (an older build's data shapes are not trusted). Server-only changes keep it.
 */
function clientBuildId(): string {
  const hash = createHash('sha256');
  const walk = (file: string) => {
    const st = fs.statSync(file, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) for (const name of fs.readdirSync(file).sort()) walk(path.join(file, name));
    else
      hash
        .update(path.relative(import.meta.dirname, file))
        .update('\0')
        .update(fs.readFileSync(file));
  };
  for (const input of ['src/client', 'src/shared', 'package-lock.json'])
    walk(path.join(import.meta.dirname, input));
  return hash.digest('hex').slice(0, 16);
}

// The SPA. `vite build` writes dist/client, which the Fastify server serves.
// `npm run dev` serves it with reload on 5173 and proxies the API and socket to the server on 5000.
export default defineConfig(({ command }) => ({
  root: 'src/client',
  publicDir: 'public',
  define: {
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(command === 'build' ? clientBuildId() : 'dev'),
  },
  plugins: [
    react(),
    tailwindcss(),
    // Installable and offline (issue 17 §3): a manifest and a generated service worker that
    // precaches the app shell. 'prompt': a waiting new version is offered, never forced mid-edit.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false, // registered by app/update-prompt.tsx (virtual:pwa-register/react)
      includeAssets: ['favicon.svg', 'apple-touch-icon-180x180.png'],
      manifest: {
        name: 'Racing Syndicate',
        short_name: 'Syndicate',
        description: 'Run your horse-racing syndicate: bets, members, rotation and results in one place.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // src/client/index.css: --color-primary (the header and icon green) and --color-background.
        theme_color: '#14532d',
        background_color: '#f6f7f4',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        // The API, its docs and the socket are never answered with the shell.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/ws(\/|$)/],
        // No runtime caching: API answers are kept by the query persister (lib/persist.ts).
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // The first worker takes the open page at once (offline works without a reload); a later
        // one waits for the prompt's Reload (skipWaiting stays off).
        clientsClaim: true,
      },
    }),
  ],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src/client'),
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:5000', changeOrigin: false },
      '/ws': { target: 'ws://127.0.0.1:5000', ws: true },
    },
  },
}));
