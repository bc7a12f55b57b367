// Vite plugin: renders content/ into the static pages at build time.
//
//   web/index.html          <!-- rungs:explainer -->  the explainer article
//   web/errors/index.html   <!-- rungs:errors -->     hand-written error text
//
// Prose ships as plain HTML (readable before any script runs; widgets
// hydrate it later). Every python block is parsed by the native engine, and
// error pages are checked against the engine's registry (`rungs errors
// --json`): in `vite build` a problem fails the build with file:line; the
// dev server shows it as an overlay and keeps serving.
//
// RUNGS_CONTENT_DIR points the plugin at another content folder (the
// failing-fixture test uses it); RUNGS_CLI at another engine binary.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPython, findCli } from './build/check-python.js';
import { renderErrorsContent } from './build/errors-content.js';
import { renderExplainer } from './build/page.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function registryIds(cli) {
  const run = spawnSync(cli, ['errors', '--json'], { encoding: 'utf8', maxBuffer: 16 << 20 });
  if (run.status !== 0) throw new Error(`${cli} errors --json failed: ${run.stderr}`);
  return new Set(JSON.parse(run.stdout).map((e) => e.id));
}

export function explainerContent() {
  let command = 'serve';
  let warned = false;
  const contentDir = () => path.resolve(process.env.RUNGS_CONTENT_DIR ?? path.join(root, 'content'));

  // The engine that checks content: required for a build, optional in dev.
  function engine() {
    const cli = findCli(root);
    if (cli) return cli;
    const why =
      'the native engine (build/native/rungs) is missing, so content/ python blocks cannot be checked: ' +
      'run `bash scripts/build.sh native` (or set RUNGS_CLI)';
    if (command === 'build') throw new Error(why);
    if (!warned) console.warn(`[rungs content] ${why}; serving unchecked`);
    warned = true;
    return null;
  }

  return {
    name: 'rungs-explainer-content',
    configResolved(config) {
      command = config.command;
    },
    configureServer(server) {
      server.watcher.add(contentDir());
      server.watcher.on('change', (file) => {
        if (file.startsWith(contentDir()) && file.endsWith('.md')) server.ws.send({ type: 'full-reload' });
      });
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        const file = ctx.filename ?? '';
        const cli = () => engine();
        if (html.includes('<!-- rungs:explainer -->')) {
          const page = renderExplainer({ root, contentDir: contentDir() });
          const bin = cli();
          if (bin) checkPython(page.pythonBlocks, bin);
          return html.replace('<!-- rungs:explainer -->', () => page.html);
        }
        if (html.includes('<!-- rungs:errors -->')) {
          const bin = cli();
          const errors = renderErrorsContent({ root, contentDir: contentDir(), registry: bin ? registryIds(bin) : null });
          if (bin) checkPython(errors.pythonBlocks, bin);
          return html.replace('<!-- rungs:errors -->', () => errors.html);
        }
        void file;
        return html;
      },
    },
  };
}
