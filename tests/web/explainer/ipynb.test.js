// @vitest-environment jsdom
// The notebook export: nbformat 4 structure, and the real six cells of
// content/notebook rendered through the page pipeline and exported.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderExplainer } from '../../../web/src/explainer/build/page.js';
import { notebookProblems, sourceLines, toNotebook } from '../../../web/src/explainer/ipynb.js';
import { notebookCells, tpuStateNews } from '../../../web/src/explainer/widgets/notebook.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

describe('toNotebook', () => {
  it('writes nbformat 4.5 with ids, sources as lines, empty outputs', () => {
    const nb = toNotebook([
      { kind: 'markdown', source: '# Title\n\ntext' },
      { kind: 'code', source: 'x = 1\nprint(x)\n' },
    ]);
    expect(nb.nbformat).toBe(4);
    expect(nb.nbformat_minor).toBe(5);
    expect(nb.metadata.kernelspec.name).toBe('python3');
    expect(nb.cells[1]).toEqual({ cell_type: 'code', id: 'code-1', metadata: {}, execution_count: null, outputs: [], source: ['x = 1\n', 'print(x)'] });
    expect(notebookProblems(nb)).toEqual([]);
    expect(JSON.parse(JSON.stringify(nb))).toEqual(nb);
  });

  it('sourceLines keeps every newline but the last', () => {
    expect(sourceLines('a\nb\n\n')).toEqual(['a\n', 'b']);
    expect(sourceLines('one')).toEqual(['one']);
  });

  it('the validator catches what nbformat would reject', () => {
    expect(notebookProblems({ nbformat: 3, nbformat_minor: 0, metadata: {}, cells: [] })).toContain('nbformat must be 4');
    const bad = toNotebook([{ kind: 'code', source: 'x' }]);
    bad.cells[0].outputs = null;
    bad.cells.push({ ...bad.cells[0] });
    expect(notebookProblems(bad)).toEqual(expect.arrayContaining(['cell 0: outputs must be a list', 'cell 1: duplicate id']));
  });
});

describe('the six-cell notebook from content/', () => {
  const { html } = renderExplainer({ root });
  document.body.innerHTML = html;
  const widget = document.querySelector('[data-widget="notebook"]');
  const parts = [...widget.querySelectorAll('.part')];

  it('has six cells, each with prose and one python block', () => {
    expect(parts.map((p) => p.dataset.part)).toEqual(['setup', 'kernel', 'rung1', 'rung2', 'reset', 'fix']);
    for (const p of parts) {
      expect(p.dataset.md.length).toBeGreaterThan(20);
      expect(p.querySelectorAll('pre[data-lang="python"]').length).toBe(1);
    }
  });

  it('exports a valid notebook that uses only real JAX APIs', () => {
    const cells = parts.map((p) => ({ title: p.dataset.title, prose: p.dataset.md, code: () => p.querySelector('pre').textContent }));
    const nb = toNotebook(notebookCells(cells));
    expect(notebookProblems(nb)).toEqual([]);
    const code = nb.cells.filter((c) => c.cell_type === 'code').map((c) => c.source.join(''));
    expect(code).toHaveLength(6);
    expect(code[4]).toContain('pltpu.reset_tpu_interpret_mode_state()');
    const imports = code.join('\n').match(/^(?:import|from) .*$/gm);
    for (const line of imports) expect(line).toMatch(/^(import jax(\.numpy as jnp)?|from jax\.experimental(\.pallas)? import (pallas as pl|tpu as pltpu))$/);
    // Markdown cells keep the prose's inline code, not rendered HTML.
    expect(nb.cells.filter((c) => c.cell_type === 'markdown').map((c) => c.source.join('')).join('\n')).not.toMatch(/<code>/);
  });

  it('reads the engine\u2019s word on the simulated TPU state', () => {
    expect(tpuStateNews({ calls: [] })).toBeNull();
    expect(tpuStateNews({ calls: [{ rung: 'tpu', notes: {} }] }).kind).toBe('clean');
    expect(tpuStateNews({ calls: [{ rung: 'tpu', notes: { tpu_state: 'reset automatically: …' } }] }).kind).toBe('auto-reset');
  });
});
