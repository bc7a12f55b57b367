// Inline syntax of content/*.md beyond CommonMark:
//
//   [[VMEM]]  [[index maps|index-map]]   a glossary term: a link to its
//                                        definition that shows it on hover
//                                        and focus (runtime/glossary-tips.js)
//   {{oob.duplicated_rows}}              a number the engine computes on the
//                                        page: widget "oob" fills it in
//   ## Title {#anchor}                   a heading with an explicit id
//                                        (otherwise the id is its slug)
//
// An unknown term or fact fails the build with file:line.
import { ContentError } from './content-error.js';
import { WIDGETS } from './schema.js';

export const slug = (text) =>
  text
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function lineOf(state) {
  // Inline state has no line map; the parent block token's map is close enough.
  return (state.env.blockLine ?? 0) + 1;
}

function termRule(state, silent) {
  const src = state.src;
  const start = state.pos;
  if (src.charCodeAt(start) !== 0x5b || src.charCodeAt(start + 1) !== 0x5b) return false;
  const end = src.indexOf(']]', start + 2);
  if (end < 0) return false;
  const body = src.slice(start + 2, end);
  if (!body || body.includes('\n')) return false;
  if (!silent) {
    const [display, explicit] = body.split('|');
    const id = explicit ? explicit.trim() : slug(display);
    const glossary = state.env.glossary;
    if (!glossary?.has(id)) {
      throw new ContentError(state.env.file, lineOf(state), `unknown glossary term '${id}' in [[${body}]]`);
    }
    (state.env.termsUsed ??= new Set()).add(id);
    const token = state.push('glossary_term', 'a', 0);
    token.meta = { id, display: display.trim() };
  }
  state.pos = end + 2;
  return true;
}

function factRule(state, silent) {
  const src = state.src;
  const start = state.pos;
  if (src.charCodeAt(start) !== 0x7b || src.charCodeAt(start + 1) !== 0x7b) return false;
  const end = src.indexOf('}}', start + 2);
  if (end < 0) return false;
  const key = src.slice(start + 2, end).trim();
  const m = /^([a-z][a-z-]*)\.([a-z_]+)$/.exec(key);
  if (!m) return false;
  if (!silent) {
    const spec = WIDGETS[m[1]];
    if (!spec || !spec.facts.includes(m[2])) {
      const known = spec ? spec.facts.join(', ') || 'none' : `no widget '${m[1]}'`;
      throw new ContentError(state.env.file, lineOf(state), `unknown fact {{${key}}} (${known})`);
    }
    (state.env.factsUsed ??= []).push({ key, file: state.env.file, line: lineOf(state) });
    const token = state.push('engine_fact', 'output', 0);
    token.meta = { key };
  }
  state.pos = end + 2;
  return true;
}

function renderTerm(tokens, idx) {
  const { id, display } = tokens[idx].meta;
  const code = /^`(.*)`$/.exec(display);
  const label = code ? `<code>${esc(code[1])}</code>` : esc(display);
  return `<a class="term" href="#term-${id}" data-term="${id}" aria-describedby="def-${id}">${label}</a>`;
}

function renderFact(tokens, idx) {
  const { key } = tokens[idx].meta;
  return `<output class="fact" data-fact="${esc(key)}" aria-live="polite">…</output>`;
}

// Heading ids, and the block line for inline error messages.
function headings(state) {
  const seen = state.env.headingIds ?? (state.env.headingIds = new Set());
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i];
    if (t.type !== 'heading_open') continue;
    const inline = tokens[i + 1];
    const m = /\s*\{#([a-z][a-z0-9-]*)\}\s*$/.exec(inline.content);
    let id;
    if (m) {
      id = m[1];
      inline.content = inline.content.slice(0, m.index);
    } else {
      id = slug(inline.content);
    }
    if (seen.has(id)) throw new ContentError(state.env.file, t.map[0] + 1, `duplicate heading id '${id}'`);
    seen.add(id);
    t.attrSet('id', id);
    (state.env.headings ??= []).push({ level: Number(t.tag.slice(1)), id, text: inline.content.trim() });
  }
}

export function inlinePlugin(md) {
  md.inline.ruler.before('link', 'glossary_term', termRule);
  md.inline.ruler.before('emphasis', 'engine_fact', factRule);
  md.renderer.rules.glossary_term = renderTerm;
  md.renderer.rules.engine_fact = renderFact;
  md.core.ruler.before('inline', 'heading_ids', headings);
  // markdown-it's own inline pass, plus the block line for error messages.
  md.core.ruler.at('inline', (state) => {
    for (const t of state.tokens) {
      if (t.type !== 'inline') continue;
      if (t.map) state.env.blockLine = t.map[0];
      state.md.inline.parse(t.content, state.md, state.env, t.children);
    }
  });
}
