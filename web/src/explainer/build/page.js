// Assembles the explainer from content/: every content/explainer/*.md in
// file-name order (one chapter each), widgets whose body lives in another
// folder (src=notebook, src=questions), the table of contents and the
// glossary. Returns the HTML and every python block for the engine check.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ContentError } from './content-error.js';
import { parseGlossary, renderGlossary } from './glossary.js';
import { createMarkdown } from './markdown.js';

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function markdownFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => path.join(dir, f));
}

export function loadGlossary(contentDir, root) {
  const terms = new Map();
  for (const file of markdownFiles(path.join(contentDir, 'glossary'))) {
    const rel = path.relative(root, file);
    for (const [id, t] of parseGlossary(readFileSync(file, 'utf8'), rel)) {
      if (terms.has(id)) throw new ContentError(rel, 0, `glossary term '${id}' is defined in two files`);
      terms.set(id, t);
    }
  }
  return terms;
}

// Shared state of one page's render: collections every file adds to.
export function pageEnv({ contentDir, root, glossary }) {
  const md = createMarkdown();
  const env = {
    glossary,
    headingIds: new Set(),
    headings: [],
    termsUsed: new Set(),
    factsUsed: [],
    pythonBlocks: [],
    widgets: new Map(),
  };
  env.include = (meta) => {
    const dir = path.join(contentDir, meta.attrs.src);
    return markdownFiles(dir)
      .map((file) => md.render(readFileSync(file, 'utf8'), { ...env, file: path.relative(root, file), outerWidget: meta }))
      .join('\n');
  };
  env.render = (file) => md.render(readFileSync(file, 'utf8'), Object.assign(env, { file: path.relative(root, file), outerWidget: null }));
  return env;
}

function toc(headings) {
  const items = headings
    .filter((h) => h.level === 2)
    .map((h) => `<li><a href="#${h.id}">${esc(h.text.replace(/`/g, ''))}</a></li>`)
    .join('\n');
  return `<nav class="toc" aria-label="Contents">\n<ol>\n${items}\n</ol>\n</nav>\n`;
}

export function renderExplainer({ root, contentDir = path.join(root, 'content') }) {
  const glossary = loadGlossary(contentDir, root);
  const env = pageEnv({ contentDir, root, glossary });
  const files = markdownFiles(path.join(contentDir, 'explainer'));
  if (!files.length) throw new ContentError(path.relative(root, path.join(contentDir, 'explainer')), 0, 'no chapters');
  const chapters = files.map((file) => {
    const html = env.render(file);
    return `<div class="chapter" data-source="${esc(path.relative(root, file))}">\n${html}</div>\n`;
  });
  for (const fact of env.factsUsed) {
    const widget = fact.key.split('.')[0];
    if (!env.widgets.has(widget)) {
      throw new ContentError(fact.file, fact.line, `{{${fact.key}}} quotes widget '${widget}', which is not on this page`);
    }
  }
  const [intro, ...rest] = chapters;
  const html = `${intro}${toc(env.headings)}${rest.join('')}${renderGlossary(glossary)}`;
  return { html, pythonBlocks: env.pythonBlocks, widgets: [...env.widgets.keys()], headings: env.headings };
}
