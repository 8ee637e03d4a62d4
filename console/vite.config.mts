import { defineConfig } from 'vite';

/**
 * The staff console, built into dist/console and served by the API at `<BASE_PATH>/staff/`. Built URLs
 * are relative (`base: './'`), so one build works under any BASE_PATH. `npm run start:dev` runs the dev
 * server at /staff/ with hot reload, passing /staff/api through to the API at API_URL. Files of
 * console/public (the icon) are copied as they are; index.html names them root-absolute (`/favicon.svg`),
 * as vite wants, and the build makes that relative too.
 */
export default defineConfig(({ command }) => ({
  base: command === 'serve' ? '/staff/' : './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: '../dist/console',
    emptyOutDir: true,
    // Nothing may be inlined: the CSP allows no inline script or style.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/staff/api': process.env.API_URL ?? 'http://127.0.0.1:3000' },
  },
}));
