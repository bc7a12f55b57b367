// One error page, in the shape of a catalog entry: the message (the
// registry's template, placeholders marked), what it means, when it happens,
// a live reproducer, the fix, related errors. Hand-written text (a cloned
// <template data-error>) supplies the middle when it exists; otherwise the
// page says what the registry knows and that no explanation is written yet.
import { el } from '../views/dom.js';

const MEANING = {
  lang: 'Rungs could not read the program. It parses Python the way CPython 3.11 does and stopped at this point, before anything ran.',
  eval: 'A Python error in the host code, with the message CPython gives for the same mistake.',
  array: 'An array operation (jax.numpy, jax.lax or numpy) received arguments it cannot accept.',
  ir: 'Tracing went wrong: a traced value was used where Python needs a concrete one, or a traced function broke a rule of the jaxpr it is turned into.',
  pallas: 'pallas_call, or one of the helpers a kernel calls, rejected its arguments while the call was being built, before any rung ran it.',
  rung1: 'The generic interpreter (rung 1, interpret=True) cannot carry out this operation.',
  rung2: 'The TPU interpreter (rung 2, pltpu.InterpretParams) refused the kernel or stopped it while it ran.',
  rung3: 'The chip model (rung 3) refused the kernel with the message the Mosaic compiler gives for the same problem. This is Rungs\u2019 model of the compiler, not the compiler itself.',
  general: 'A limit of the Rungs engine itself: the run was stopped to keep the page responsive, or the engine hit a problem of its own.',
  // By the registry's category rather than its file: these sit among the
  // engine's general errors but are about how the run was asked for.
  usage: 'The run was asked for with an option or param the engine does not know, or with a value of the wrong type; the program did not start.',
};

// The registry's category of an entry (core/errors/registry.def: when the
// error can happen), in words, for the tooltip on the entry page.
const CATEGORY = {
  usage: 'the run was asked for wrongly (an unknown option or param); the program did not start',
  parse: 'raised while reading the program, before anything ran',
  runtime: 'raised while the host Python and JAX code ran, or by a limit of the engine',
  kernel: 'raised while a pallas_call was set up, or by a rung while it ran the kernel',
  compile: "raised by the chip model's compile checks",
};

// "Out-of-bounds read of ({} {} …" -> nodes, each {} shown as a placeholder.
export function messageNodes(template) {
  const out = [];
  template.split('{}').forEach((piece, i, all) => {
    if (piece) out.push(piece);
    if (i < all.length - 1) out.push(el('var', { class: 'placeholder', title: 'filled in when the error is raised' }, '…'));
  });
  return out;
}

// "IndexError: Out-of-bounds block index … for input …", cut at a word
// boundary (never mid-word) when the first line is long.
export function titleOf(entry, max = 90) {
  const first = entry.template.split('\n')[0].replace(/\{\}/g, '…');
  if (first.length <= max) return `${entry.type}: ${first}`;
  const cut = first.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${entry.type}: ${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,:;(]+$/, '')} …`;
}

// Up to six ids of the same family sharing the longest id prefix.
export function autoRelated(id, familyIds) {
  const words = id.split('_');
  for (let n = Math.min(2, words.length - 1); n >= 1; n -= 1) {
    const prefix = `${words.slice(0, n).join('_')}_`;
    const same = familyIds.filter((o) => o !== id && o.startsWith(prefix));
    if (same.length) return same.slice(0, 6);
  }
  return familyIds.filter((o) => o !== id).slice(0, 6);
}

function relatedList(ids, byId) {
  const list = el('ul', { class: 'error-related' });
  for (const id of ids) {
    const entry = byId.get(id);
    if (!entry) continue;
    list.append(el('li', {}, el('a', { href: `#${id}` }, el('code', {}, id)), ` ${titleOf(entry)}`));
  }
  return list;
}

// Fills `article` for one registry entry; returns the kernel widget roots
// the caller should hydrate.
export function renderEntry(article, { entry, familyName, familyKey, handwritten, related, byId, siteRoot }) {
  article.replaceChildren();
  article.dataset.errorId = entry.id;
  article.append(
    el('p', { class: 'error-crumb' }, el('a', { href: '#' }, 'All errors'), ` · ${familyName}`),
    el('h2', { class: 'error-title' }, titleOf(entry)),
    el('p', { class: 'error-meta' }, 'Registry id ', el('code', {}, entry.id), ' · raised as ', el('code', {}, entry.type),
      entry.category ? ' · category ' : null, entry.category ? el('code', { title: CATEGORY[entry.category] }, entry.category) : null),
    el('h3', {}, 'Error message'),
    el('pre', { class: 'error-message', tabindex: 0 }, ...messageNodes(entry.template)),
  );
  if (handwritten) {
    article.append(handwritten.content.cloneNode(true));
    article.dataset.handwritten = 'true';
  } else {
    article.dataset.handwritten = 'false';
    article.append(
      el('h3', {}, 'What it means'),
      el('p', {}, MEANING[entry.category === 'usage' ? 'usage' : familyKey] ?? 'An error of the Rungs engine.'),
      el('h3', {}, 'When it happens'),
      el('p', {}, `Rungs raises it as a ${entry.type}, with the message above. Nobody has written a longer explanation or a reproducer for this entry yet; the playground will show you its line and column when your program meets it.`),
      el('p', {}, el('a', { href: `${siteRoot}playground/` }, 'Open the playground')),
    );
  }
  article.append(el('h3', {}, 'Related errors'), relatedList(related, byId));
  return [...article.querySelectorAll('[data-widget="kernel"]')];
}
