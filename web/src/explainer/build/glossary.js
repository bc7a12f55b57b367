// content/glossary/*.md: one "## Term {#id}" heading per entry, followed by
// its short definition (a paragraph or two of Markdown). The explainer links
// terms with [[Term]] and renders the whole list as its closing section,
// which is also where each term's tooltip text comes from.
import MarkdownIt from 'markdown-it';
import { ContentError } from './content-error.js';
import { slug } from './inline.js';

const plain = new MarkdownIt({ html: false, linkify: false, typographer: false });

export function parseGlossary(text, file) {
  const terms = new Map();
  const lines = text.split('\n');
  let current = null;
  const flush = () => {
    if (!current) return;
    const body = current.body.join('\n').trim();
    if (!body) throw new ContentError(file, current.line, `glossary term '${current.term}' has no definition`);
    if (body.length > 400) {
      throw new ContentError(file, current.line, `glossary term '${current.term}' is ${body.length} characters; keep tooltips under 400`);
    }
    terms.set(current.id, { id: current.id, term: current.term, html: plain.render(body).trim() });
  };
  lines.forEach((line, i) => {
    const m = /^##\s+(.+?)\s*(?:\{#([a-z][a-z0-9-]*)\})?\s*$/.exec(line);
    if (m) {
      flush();
      const id = m[2] ?? slug(m[1]);
      if (terms.has(id)) throw new ContentError(file, i + 1, `glossary term id '${id}' is defined twice`);
      current = { id, term: m[1], line: i + 1, body: [] };
    } else if (current) {
      current.body.push(line);
    }
  });
  flush();
  if (!terms.size) throw new ContentError(file, 0, 'no "## Term" entries found');
  return terms;
}

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The closing section of the explainer: every term, in file order.
export function renderGlossary(terms) {
  const items = [...terms.values()]
    .map((t) => {
      const code = /^`(.*)`$/.exec(t.term);
      const label = code ? `<code>${esc(code[1])}</code>` : esc(t.term);
      return `<dt id="term-${t.id}">${label}</dt>\n<dd id="def-${t.id}">${t.html}</dd>`;
    })
    .join('\n');
  return `<section class="glossary" aria-labelledby="glossary">\n<h2 id="glossary">Glossary</h2>\n<dl>\n${items}\n</dl>\n</section>\n`;
}
