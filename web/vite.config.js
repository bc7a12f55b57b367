// The static site (DESIGN.md "Static site"): one Vite multi-page build into
// web/dist/, plus the Vitest setup for tests/web/.
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { contentSecurityPolicy } from './src/embed/csp-plugin.js';
import { explainerContent } from './src/explainer/vite-plugin.js';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // Relative URLs everywhere: dist/ works from any folder of any static
  // server (a docs subpath, a file share), not only from a domain root.
  base: './',
  // A static site: unknown paths are 404s, as on any static server, not index.html.
  appType: 'mpa',
  plugins: [contentSecurityPolicy(), explainerContent()], // CSP <meta> in every built page; content/ rendered into / and /errors/
  worker: { format: 'es' }, // the engine worker is a module worker with imports
  server: {
    // The worker entry lives in ../wasm and the examples in ../content.
    fs: { allow: [here('..')] },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Monaco alone is ~4 MB; the warning would fire on every build.
    chunkSizeWarningLimit: 6000,
    rollupOptions: {
      input: {
        main: here('index.html'),
        playground: here('playground/index.html'),
        errors: here('errors/index.html'),
        puzzles: here('puzzles/index.html'),
        embed: here('embed.html'),
        embedding: here('docs/embedding/index.html'),
        sample: here('docs/sample/index.html'), // a host page for the embed's e2e checks
        'rungs-embed': here('src/embed/rungs-embed.js'),
      },
      output: {
        // Documentation sites load /rungs-embed.js by that exact name.
        entryFileNames: (chunk) =>
          chunk.name === 'rungs-embed' ? 'rungs-embed.js' : 'assets/[name]-[hash].js',
      },
    },
  },
  test: {
    dir: here('../tests/web'),
    include: ['**/*.test.js'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
