// The content directive parser (web/src/explainer/build): what renders, and
// every way a directive can be malformed, each failing with file:line. The
// last test runs a real `vite build` on a fixture page with a broken
// directive and expects it to fail.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { ContentError } from '../../../web/src/explainer/build/content-error.js';
import { parseArgs } from '../../../web/src/explainer/build/directives.js';
import { createMarkdown } from '../../../web/src/explainer/build/markdown.js';
import { renderExplainer } from '../../../web/src/explainer/build/page.js';
import { findCli } from '../../../web/src/explainer/build/check-python.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const glossary = new Map([['vmem', { id: 'vmem', term: 'VMEM', html: '<p>vector memory</p>' }]]);

function render(text) {
  const env = { file: 'content/explainer/test.md', glossary, widgets: new Map() };
  return { html: createMarkdown().render(text, env), env };
}
function failure(text) {
  try {
    render(text);
  } catch (err) {
    expect(err).toBeInstanceOf(ContentError);
    return err.message;
  }
  throw new Error('expected a ContentError');
}

const kernel = '```python name=kernel\nx = 1\n```';

describe('directive attributes', () => {
  it('reads names, key=value and quoted values', () => {
    const fail = (m) => {
      throw new Error(m);
    };
    expect(parseArgs('oob rung=tpu title="two words"', fail)).toEqual({ positional: ['oob'], attrs: { rung: 'tpu', title: 'two words' } });
    expect(() => parseArgs('a=1 a=2', fail)).toThrow(/twice/);
    expect(() => parseArgs('title="unterminated', fail)).toThrow(/malformed attribute/);
  });
});

describe('rendering', () => {
  it('a widget becomes a root with data-widget, data-state and its content', () => {
    const { html, env } = render(`:::widget oob\n${kernel}\n:::\n`);
    expect(html).toContain('<section class="widget widget-oob" data-widget="oob" data-state="idle">');
    expect(html).toContain('<pre class="code" data-lang="python" data-name="kernel" tabindex="0"><code>x = 1\n</code></pre>');
    expect(env.pythonBlocks).toEqual([{ file: 'content/explainer/test.md', line: 3, code: 'x = 1\n' }]);
    expect([...env.widgets.keys()]).toEqual(['oob']);
  });

  it('parts nest at the same marker length and carry their attributes', () => {
    const text = [':::widget debug-picker', ':::part one question="Why?" switch="debug=True" rung=interpret', 'Text.', '```python', 'x = 1', '```', ':::', ':::', ''].join('\n');
    const { html } = render(text);
    expect(html).toContain('<div class="part" data-part="one" data-question="Why?" data-switch="debug=True" data-rung="interpret">');
    expect(html.indexOf('data-part="one"')).toBeGreaterThan(html.indexOf('data-widget="debug-picker"'));
  });

  it('a :::kernel block is a runnable widget with its rung', () => {
    const { html } = render(':::kernel rung=tpu expect=tpu_oob_read\n```python\nx = 1\n```\n:::\n');
    expect(html).toContain('data-widget="kernel" data-state="idle" data-rung="tpu" data-expect="tpu_oob_read"');
  });

  it('glossary terms link to their definition; facts become outputs', () => {
    const { html } = render('A [[VMEM]] block and {{oob.duplicated_rows}} rows.\n');
    expect(html).toContain('<a class="term" href="#term-vmem" data-term="vmem" aria-describedby="def-vmem">VMEM</a>');
    expect(html).toContain('<output class="fact" data-fact="oob.duplicated_rows" aria-live="polite">…</output>');
  });

  it('content cannot inject markup', () => {
    const { html } = render('<script>alert(1)</script>\n\n:::kernel title="<b>x</b>"\n```python\nprint("<i>")\n```\n:::\n');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('data-title="&lt;b&gt;x&lt;/b&gt;"');
    expect(html).toContain('print(&quot;&lt;i&gt;&quot;)');
  });
});

describe('malformed directives fail with file:line', () => {
  const cases = [
    ['an unknown directive', 'Intro.\n\n:::widgit oob\n:::\n', /test\.md:3: unknown directive ':::widgit'/],
    ['an unknown widget', ':::widget ooob\n:::\n', /test\.md:1: unknown widget 'ooob'/],
    ['an unknown attribute', `:::widget oob colour=red\n${kernel}\n:::\n`, /test\.md:1: widget 'oob' has no attribute 'colour'/],
    ['a bad attribute value', ':::kernel rung=gpu\n```python\nx = 1\n```\n:::\n', /test\.md:1: :::kernel: attribute rung=gpu must be one of auto/],
    ['an unclosed directive', `text\n\n:::widget oob\n${kernel}\n`, /test\.md:3: ':::widget oob' is never closed/],
    ['a stray closing marker', 'text\n\n:::\n', /test\.md:3: closing ':::' with no open directive/],
    ['a missing named block', ':::widget oob\n```python\nx = 1\n```\n:::\n', /test\.md:1: widget 'oob' needs a python block with name=kernel/],
    ['a part outside a widget', ':::part alone\n:::\n', /test\.md:1: ':::part alone' must sit directly inside a ':::widget'/],
    ['a kernel with two blocks', ':::kernel\n```python\nx = 1\n```\n```python\ny = 2\n```\n:::\n', /exactly one python block, found 2/],
    ['a widget used twice', `:::widget oob\n${kernel}\n:::\n\n:::widget oob\n${kernel}\n:::\n`, /test\.md:7: widget 'oob' appears twice \(first at content\/explainer\/test\.md:1\)/],
    ['a missing required part', ':::widget aliasing\n:::part inplace\n```python\nx = 1\n```\n:::\n:::\n', /needs part\(s\) wrong, prefetch/],
    ['a part without its program', ':::widget rung-walk\n:::part bug title="A bug"\nNo code.\n:::\n:::\n', /test\.md:2: part 'bug' must hold exactly one python block, found 0/],
    ['an unknown glossary term', 'See [[HBMM]].\n', /test\.md:1: unknown glossary term 'hbmm'/],
    ['an unknown fact', 'It has {{oob.rows}} rows.\n', /test\.md:1: unknown fact \{\{oob\.rows\}\}/],
    ['a malformed fence attribute', ':::widget oob\n```python nam=kernel\nx = 1\n```\n:::\n', /test\.md:2: python block has no attribute 'nam'/],
  ];
  for (const [what, text, message] of cases) {
    it(what, () => {
      expect(failure(text)).toMatch(message);
    });
  }
});

describe('the fixture page with a broken directive', () => {
  const fixture = path.join(here, 'fixtures/broken-content');

  it('renderExplainer rejects it with the file and line', () => {
    expect(() => renderExplainer({ root, contentDir: fixture })).toThrow(
      'tests/web/explainer/fixtures/broken-content/explainer/01-broken.md:3: widget \'oob\' has no attribute \'colour\'',
    );
  });

  it('makes `vite build` fail', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'rungs-broken-build-'));
    try {
      const vite = path.join(root, 'web/node_modules/.bin/vite');
      const run = spawnSync(vite, ['build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
        cwd: path.join(root, 'web'),
        encoding: 'utf8',
        env: { ...process.env, RUNGS_CONTENT_DIR: fixture },
        timeout: 120_000,
      });
      expect(run.status).not.toBe(0);
      expect(`${run.stdout}${run.stderr}`).toContain('broken-content/explainer/01-broken.md:3');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 150_000);

  it('finds an engine to check python with, or says why not', () => {
    if (!findCli(root)) console.warn('no native engine build: the python-block check is skipped in this test run');
    // The lookup order, on a scratch tree: RUNGS_CLI (only if it exists),
    // else build/native/rungs, else the newest other executable build/*/rungs.
    const tree = mkdtempSync(path.join(tmpdir(), 'rungs-findcli-'));
    const binary = (dir, mtime, mode = 0o755) => {
      const file = path.join(tree, 'build', dir, 'rungs');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, '', { mode });
      utimesSync(file, mtime, mtime);
      return file;
    };
    try {
      vi.stubEnv('RUNGS_CLI', '');
      expect(findCli(tree)).toBe(null);
      const older = binary('debug', 1000);
      const newer = binary('asan', 2000);
      binary('stale', 5000, 0o644); // not executable: never chosen
      expect(findCli(tree)).toBe(newer);
      utimesSync(older, 3000, 3000);
      expect(findCli(tree)).toBe(older);
      const main = binary('native', 0);
      expect(findCli(tree)).toBe(main);
      vi.stubEnv('RUNGS_CLI', newer);
      expect(findCli(tree)).toBe(newer);
      vi.stubEnv('RUNGS_CLI', path.join(tree, 'missing'));
      expect(findCli(tree)).toBe(null);
    } finally {
      vi.unstubAllEnvs();
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
