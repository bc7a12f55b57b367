// @vitest-environment jsdom
// The glossary: parsing content/glossary, rendering terms and the closing
// list, and the tooltip shown on hover and keyboard focus.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseGlossary, renderGlossary } from '../../../web/src/explainer/build/glossary.js';
import { installGlossaryTips } from '../../../web/src/explainer/runtime/glossary-tips.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const file = path.resolve(here, '../../../content/glossary/glossary.md');
const terms = parseGlossary(readFileSync(file, 'utf8'), 'content/glossary/glossary.md');

describe('content/glossary', () => {
  it('defines every term the explainer promises', () => {
    for (const id of ['vmem', 'smem', 'any', 'hbm', 'jaxpr', 'mosaic', 'blockspec', 'index-map', 'grid', 'semaphore', 'dma', 'interpret-true', 'interpretparams', 'aliasing']) {
      expect(terms.has(id), id).toBe(true);
    }
  });

  it('keeps definitions short enough for a tooltip', () => {
    for (const t of terms.values()) expect(t.html.replace(/<[^>]+>/g, '').length).toBeLessThan(400);
  });

  it('rejects a term without a definition and a duplicate id', () => {
    expect(() => parseGlossary('## VMEM\n\n## SMEM\ntext\n', 'g.md')).toThrow("g.md:1: glossary term 'VMEM' has no definition");
    expect(() => parseGlossary('## A {#a}\nx\n## B {#a}\ny\n', 'g.md')).toThrow("g.md:3: glossary term id 'a' is defined twice");
  });

  it('renders a definition list with term and definition ids', () => {
    const html = renderGlossary(terms);
    expect(html).toContain('<dt id="term-vmem">VMEM</dt>');
    expect(html).toContain('<dd id="def-vmem">');
    expect(html).toContain('<dt id="term-interpret-true"><code>interpret=True</code></dt>');
  });
});

describe('tooltips', () => {
  beforeEach(() => {
    document.body.innerHTML = `<main><p>A <a class="term" href="#term-vmem" data-term="vmem" aria-describedby="def-vmem">VMEM</a> block.</p>
      ${renderGlossary(terms)}</main>`;
  });

  it('shows the definition on keyboard focus and hides it on Escape', () => {
    const tips = installGlossaryTips(document.querySelector('main'));
    const term = document.querySelector('a.term');
    expect(tips.element.hidden).toBe(true);
    term.focus();
    expect(tips.element.hidden).toBe(false);
    expect(tips.element.getAttribute('role')).toBe('tooltip');
    expect(tips.element.textContent).toContain('scratchpad');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(tips.element.hidden).toBe(true);
  });

  it('shows it on hover and hides it when the pointer leaves', () => {
    const tips = installGlossaryTips(document.querySelector('main'));
    const term = document.querySelector('a.term');
    term.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(tips.element.hidden).toBe(false);
    expect(tips.element.dataset.term).toBe('vmem');
    term.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
    expect(tips.element.hidden).toBe(true);
  });

  it('terms are links, so Tab reaches them, and name their definition for screen readers', () => {
    const term = document.querySelector('a.term');
    expect(term.getAttribute('href')).toBe('#term-vmem');
    expect(document.getElementById(term.getAttribute('aria-describedby'))).not.toBeNull();
  });
});
