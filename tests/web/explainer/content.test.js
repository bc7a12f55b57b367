// The real content/: the explainer renders, has its eleven widgets, quotes
// only facts its widgets publish, links only to anchors that exist, and every
// python block parses in the native engine; each hand-written error page
// names a registry id and its reproducer raises that id (or waits for a
// rung this engine build lacks, or is a known engine gap, with the reason).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPython, findCli } from '../../../web/src/explainer/build/check-python.js';
import { renderErrorsContent } from '../../../web/src/explainer/build/errors-content.js';
import { renderExplainer } from '../../../web/src/explainer/build/page.js';
import { KNOWN_ENGINE_GAPS } from './known-engine-gaps.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const cli = findCli(root);
const page = renderExplainer({ root });

const SECTIONS = ['rung-ladder', 'rung-walk', 'memory-spaces', 'interpret-loop', 'padding', 'grid-order', 'oob', 'debug-picker', 'notebook', 'aliasing', 'ring', 'questions'];

describe('the explainer', () => {
  it('has the twelve section widgets, in order', () => {
    expect(page.widgets.filter((w) => w !== 'kernel')).toEqual(SECTIONS);
  });

  it('links only to anchors on the page', () => {
    const ids = new Set([...page.html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    const hrefs = [...page.html.matchAll(/href="#([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(20);
    expect(hrefs.filter((h) => !ids.has(h))).toEqual([]);
  });

  it('links every glossary term at least once', () => {
    const defined = [...page.html.matchAll(/<dt id="term-([^"]+)"/g)].map((m) => m[1]);
    const used = new Set([...page.html.matchAll(/data-term="([^"]+)"/g)].map((m) => m[1]));
    expect(defined.filter((t) => !used.has(t))).toEqual([]);
  });

  it('quotes numbers only through facts (no hard-coded fact text)', () => {
    const facts = [...page.html.matchAll(/data-fact="([^"]+)"/g)].map((m) => m[1]);
    expect(facts.length).toBeGreaterThanOrEqual(15);
    for (const f of facts) expect(SECTIONS).toContain(f.split('.')[0]);
  });

  it.skipIf(!cli)('every python block parses in the native engine', () => {
    expect(page.pythonBlocks.length).toBeGreaterThan(30);
    checkPython(page.pythonBlocks, cli);
  }, 120_000);
});

function registry() {
  const run = spawnSync(cli, ['errors', '--json'], { encoding: 'utf8' });
  return JSON.parse(run.stdout);
}

function runProgram(source, args) {
  const dir = mkdtempSync(path.join(tmpdir(), 'rungs-repro-'));
  try {
    const file = path.join(dir, 'repro.py');
    writeFileSync(file, source);
    const run = spawnSync(cli, ['run', file, '--json', ...args], { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 << 20 });
    return JSON.parse(run.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!cli)('the error catalog content', () => {
  const ids = new Set(registry().map((e) => e.id));
  const content = renderErrorsContent({ root, registry: ids });

  it('writes pages for the errors readers meet', () => {
    expect(content.ids.length).toBeGreaterThanOrEqual(40);
    for (const id of ['tpu_oob_block_input', 'tpu_revisited_block', 'tpu_alias_prefetch', 'chip_block_tiling', 'chip_vmem_exhausted', 'index_map_count', 'tracer_bool_conversion', 'step_limit']) {
      expect(content.ids).toContain(id);
    }
  });

  // The reproducer of each page: the :::kernel block inside its template.
  const unescape = (t) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  const reproducers = [...content.html.matchAll(/<template data-error="([^"]+)"[\s\S]*?data-widget="kernel"([^>]*)>\s*<pre[^>]*><code>([\s\S]*?)<\/code><\/pre>/g)].map(
    (m) => ({ id: m[1], attrs: m[2], code: unescape(m[3]) }),
  );

  it('each reproducer raises its own id natively', () => {
    expect(reproducers.length).toBe(content.ids.length);
    const problems = [];
    for (const { id, attrs, code } of reproducers) {
      const get = (k) => new RegExp(`data-${k}="([^"]+)"`).exec(attrs)?.[1];
      if (get('timeout_ms') || get('max_output')) continue; // page-side limits, checked in the browser
      const args = ['--rung', get('rung') ?? 'auto'];
      if (get('max_steps')) args.push('--max-steps', get('max_steps'));
      if (get('max_memory')) args.push('--max-memory', get('max_memory'));
      const doc = runProgram(code, args);
      const got = doc.error?.id ?? null;
      if (got === id) continue;
      if (got === 'rung_not_available') continue; // this engine build has no such rung yet
      if (KNOWN_ENGINE_GAPS[id]?.got === got) continue;
      problems.push(`${id}: raised ${got}`);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
