// The catalog: an index of every registry entry grouped by the part of the
// engine that raises it, with a filter box, and one entry page per id at
// #<id>. The ids, exception classes and messages come from the engine at run
// time; the grouping and the hand-written pages were rendered into this HTML
// at build time (<template id="error-families">, <template data-error>).
import { setState } from '../site/widget.js';
import { el } from '../views/dom.js';
import { mountWidget } from '../explainer/runtime/hydrate.js';
import { LOADERS } from '../explainer/widgets/index.js';
import { autoRelated, renderEntry, titleOf } from './entry.js';
import { rankEntries } from './search.js';

function readFamilies(doc) {
  const t = doc.getElementById('error-families');
  if (!t) return { families: {}, names: {} };
  return { families: JSON.parse(t.dataset.families), names: JSON.parse(t.dataset.names) };
}

export function groupEntries(entries, families, names) {
  const familyOf = new Map();
  for (const [key, ids] of Object.entries(families)) for (const id of ids) familyOf.set(id, key);
  const groups = new Map(Object.keys(names).map((k) => [k, []]));
  groups.set('other', []);
  // A family the page does not name (a registry file added later) is "Other".
  for (const e of entries) (groups.get(familyOf.get(e.id)) ?? groups.get('other')).push(e);
  return { groups, familyOf };
}

function entryItem(e, handwritten) {
  return el('li', { 'data-id': e.id, 'data-category': e.category },
    el('a', { href: `#${e.id}` }, el('code', {}, e.id)),
    handwritten.has(e.id) ? el('span', { class: 'error-explained', title: 'has a written explanation and a live reproducer' }, ' explained') : null,
    el('span', { class: 'error-summary' }, ` ${titleOf(e)}`));
}

// Without a query: every entry, grouped by family in the page's order. With
// one: a single list, best match first (search.js), so a pasted message
// puts its entry on top.
function indexView(groups, names, handwritten, familyOf) {
  const box = el('div', { class: 'error-index-inner' });
  const filter = el('input', { type: 'search', placeholder: 'paste an error message, an exception name or an id', 'aria-label': 'search errors' });
  const count = el('p', { class: 'error-count', 'aria-live': 'polite' });
  const results = el('ol', { class: 'error-list error-results', hidden: true });
  box.append(el('label', { class: 'error-filter' }, 'Search ', filter), count, results);
  const sections = [];
  for (const [key, list] of groups) {
    if (!list.length) continue;
    const ul = el('ul', { class: 'error-list' }, ...list.map((e) => entryItem(e, handwritten)));
    const section = el('section', { class: 'error-family', 'data-family': key },
      el('h2', {}, `${names[key] ?? 'Other'} `, el('span', { class: 'error-n' }, `(${list.length})`)), ul);
    sections.push(section);
    box.append(section);
  }
  const entries = [...groups.values()].flat();
  const order = [...groups.keys()];
  const familyRank = (e) => order.indexOf(familyOf.get(e.id) ?? 'other');
  const summary = `${entries.length} errors, ${handwritten.size} with a written explanation.`;
  count.textContent = summary;
  filter.addEventListener('input', () => {
    const q = filter.value.trim();
    const ranked = q ? rankEntries(entries, q, { familyRank }) : [];
    results.replaceChildren(...ranked.map((r) => entryItem(r.entry, handwritten)));
    results.hidden = !q;
    for (const s of sections) s.hidden = Boolean(q);
    count.textContent = q ? `${ranked.length} of ${entries.length} errors match, best match first.` : summary;
  });
  return box;
}

// The id in the URL's hash. A link can carry a malformed %-escape ("#%E0%A4%A"),
// on which decodeURIComponent throws; such an id is shown as written (it
// matches no entry) instead of breaking the page.
function hashId(hash) {
  const raw = hash.slice(1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export async function showCatalog(root, { registry, engine, siteRoot }) {
  setState(root, 'running');
  const doc = root.ownerDocument;
  const article = root.querySelector('.error-entry');
  const index = root.querySelector('.error-index');
  let entries;
  try {
    entries = await registry();
  } catch (err) {
    index.textContent = `Could not load the engine's registry: ${err?.message ?? err}`;
    setState(root, 'error');
    return;
  }
  const byId = new Map(entries.map((e) => [e.id, e]));
  const handwritten = new Map([...doc.querySelectorAll('template[data-error]')].map((t) => [t.dataset.error, t]));
  const { families, names } = readFamilies(doc);
  const { groups, familyOf } = groupEntries(entries, families, names);
  index.append(indexView(groups, names, handwritten, familyOf));

  function route() {
    const id = hashId(doc.defaultView.location.hash);
    index.querySelector('.error-missing')?.remove();
    // The page's introduction belongs to the index, not to every entry.
    const intro = doc.querySelector('.error-intro');
    if (intro) intro.hidden = Boolean(id && byId.has(id));
    if (!id || !byId.has(id)) {
      article.hidden = true;
      index.hidden = false;
      if (id) index.prepend(el('p', { class: 'error-missing', role: 'alert' }, `No error with id "${id}" in this engine's registry.`));
      return;
    }
    const key = familyOf.get(id) ?? 'other';
    const written = handwritten.get(id);
    const related = written ? written.dataset.related.split(' ').filter(Boolean) : autoRelated(id, (groups.get(key) ?? []).map((e) => e.id));
    const kernels = renderEntry(article, {
      entry: byId.get(id),
      familyKey: key,
      familyName: names[key] ?? 'Other',
      handwritten: written,
      related,
      byId,
      siteRoot,
    });
    article.hidden = false;
    index.hidden = true;
    for (const k of kernels) mountWidget(k, LOADERS.kernel, { engine, siteRoot });
    doc.defaultView.scrollTo?.(0, 0);
  }
  doc.defaultView.addEventListener('hashchange', route);
  route();
  setState(root, 'done');
}
