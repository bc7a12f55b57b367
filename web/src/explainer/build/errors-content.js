// content/errors/<id>.md: the hand-written half of an error page, in the
// shape of a catalog entry (what it means, when it happens, a live
// reproducer, the fix) plus a closing "Related: id, id" line. The message,
// exception class and the list of ids come from the engine's registry at
// run time; here we only check that each file names a real id, that its
// reproducer expects that id, and that related ids exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ContentError } from './content-error.js';
import { createMarkdown } from './markdown.js';
import { markdownFiles } from './page.js';

const SECTIONS = ['What it means', 'When it happens', 'Reproducer', 'Fix'];
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// Which part of the engine raises each id, from the registry's own files
// (core/errors/registry_<stage>.def); rungs splits by prefix into the three
// rungs. The catalog groups its index by this. Ids the registry gains later
// fall into "Other" until the page is rebuilt. The order is the index's:
// the Pallas and TPU errors people come here for first, generic Python last.
export const FAMILIES = [
  ['pallas', 'pallas_call and the kernel API'],
  ['rung1', 'Rung 1: interpret=True'],
  ['rung2', 'Rung 2: TPU interpret mode'],
  ['rung3', 'Rung 3: the chip model'],
  ['ir', 'Tracing'],
  ['array', 'Arrays, jnp and lax'],
  ['eval', 'Running Python'],
  ['lang', 'Reading the program'],
  ['general', 'Limits and the engine'],
];

export function errorFamilies(root) {
  const dir = path.join(root, 'core/errors');
  const families = {};
  if (!existsSync(dir)) return families;
  for (const file of readdirSync(dir).filter((f) => /^registry_\w+\.def$/.test(f))) {
    const stage = /^registry_(\w+)\.def$/.exec(file)[1];
    for (const m of readFileSync(path.join(dir, file), 'utf8').matchAll(/^ERROR\((\w+),/gm)) {
      const id = m[1];
      let family = stage;
      if (stage === 'rungs') family = id.startsWith('tpu_') ? 'rung2' : id.startsWith('chip_') ? 'rung3' : 'rung1';
      if (stage === 'stdlib') family = 'eval';  // the standard-library modules' errors are Python's
      (families[family] ??= []).push(id);
    }
  }
  return families;
}

// registry: Set of ids, or null when no engine is available (dev without
// the native build): then ids are not checked.
export function renderErrorsContent({ root, contentDir = path.join(root, 'content'), registry }) {
  const md = createMarkdown();
  const pythonBlocks = [];
  const entries = [];
  for (const file of markdownFiles(path.join(contentDir, 'errors'))) {
    const rel = path.relative(root, file);
    const id = path.basename(file, '.md');
    if (registry && !registry.has(id)) throw new ContentError(rel, 0, `'${id}' is not an id in the engine's error registry`);
    const lines = readFileSync(file, 'utf8').replace(/\s+$/, '').split('\n');
    const last = lines.at(-1);
    const rm = /^Related:\s*(.*)$/.exec(last);
    if (!rm) throw new ContentError(rel, lines.length, 'the last line must be "Related: id, id, ..."');
    const related = rm[1].split(',').map((s) => s.trim()).filter(Boolean);
    for (const r of related) {
      if (registry && !registry.has(r)) throw new ContentError(rel, lines.length, `related id '${r}' is not in the registry`);
      if (r === id) throw new ContentError(rel, lines.length, 'an entry cannot be related to itself');
    }
    const env = { file: rel, glossary: new Map(), pythonBlocks, widgets: new Map(), headingIds: new Set() };
    const html = md.render(lines.slice(0, -1).join('\n'), env);
    const titles = (env.headings ?? []).filter((h) => h.level === 2).map((h) => h.text);
    for (const want of SECTIONS) {
      if (!titles.includes(want)) throw new ContentError(rel, 0, `missing section "## ${want}"`);
    }
    if (!/data-widget="kernel"[^>]*data-expect="/.test(html)) {
      throw new ContentError(rel, 0, 'the Reproducer needs a :::kernel block with expect=<this id>');
    }
    const expects = [...html.matchAll(/data-expect="([^"]*)"/g)].map((m) => m[1]);
    if (expects.some((e) => e !== id)) throw new ContentError(rel, 0, `a reproducer expects '${expects.find((e) => e !== id)}', not '${id}'`);
    // Sections sit under the entry's own title on the page: one level down.
    entries.push({ id, related, html: html.replace(/<(\/?)h2\b/g, '<$1h3') });
  }
  const families = errorFamilies(root);
  const names = Object.fromEntries(FAMILIES);
  const html = [
    `<template id="error-families" data-families="${esc(JSON.stringify(families))}" data-names="${esc(JSON.stringify(names))}"></template>`,
    ...entries.map((e) => `<template data-error="${esc(e.id)}" data-related="${esc(e.related.join(' '))}">\n${e.html}</template>`),
  ].join('\n');
  return { html, pythonBlocks, ids: entries.map((e) => e.id) };
}
