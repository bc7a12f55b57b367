// View snapshots (STYLE habit 14): a rendered root becomes normalised,
// indented markup in tests/web/views/__snapshots__/<name>.html.
//   - one element per line, attributes sorted, text on its own line;
//   - numbers rounded to 3 decimals (layouts are floating point);
//   - generated ids re-indexed in order of appearance (uid() counts up
//     across the whole test run), references (url(#…), data-pattern) too.
// A missing or different snapshot fails and writes <name>-changed.html next
// to it for review; UPDATE_SNAPSHOTS=1 accepts the new output instead.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '__snapshots__');

const round = (text) => text.replace(/-?\d+\.\d+(e-?\d+)?/g, (m) => String(Number(Number(m).toFixed(3))));

export function normalise(root) {
  const ids = new Map();
  const idOf = (id) => {
    if (!ids.has(id)) ids.set(id, `id${ids.size}`);
    return ids.get(id);
  };
  // Pass 1: number every id in document order, so references can point forward.
  for (const node of root.querySelectorAll('[id]')) idOf(node.getAttribute('id'));
  const fixRefs = (v) => v.replace(/url\(#([^)]+)\)/g, (_, id) => `url(#${ids.has(id) ? ids.get(id) : id})`);
  const lines = [];
  const walk = (node, depth) => {
    const pad = '  '.repeat(depth);
    if (node.nodeType === 3) {
      // Whitespace matters inside <pre>; elsewhere it is indentation.
      const pre = node.parentNode?.closest?.('pre');
      const t = pre ? node.textContent : node.textContent.replace(/\s+/g, ' ').trim();
      if (t) lines.push(pad + JSON.stringify(round(t)));
      return;
    }
    if (node.nodeType !== 1) return;
    const attrs = [...node.attributes]
      .map((a) => {
        let v = a.value;
        if (a.name === 'id' || a.name === 'data-pattern') v = ids.get(v) ?? v;
        return [a.name, round(fixRefs(v))];
      })
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => (v === '' ? k : `${k}="${v}"`));
    const tag = node.tagName.toLowerCase();
    const open = `<${[tag, ...attrs].join(' ')}>`;
    if (!node.childNodes.length) {
      lines.push(pad + open);
      return;
    }
    lines.push(pad + open);
    for (const c of node.childNodes) walk(c, depth + 1);
    lines.push(`${pad}</${tag}>`);
  };
  for (const c of root.childNodes) walk(c, 0);
  return `${lines.join('\n')}\n`;
}

// Throws (a failing assertion) unless `root` matches the stored snapshot.
export function expectSnapshot(name, root) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.html`);
  const changed = path.join(dir, `${name}-changed.html`);
  const actual = normalise(root);
  if (process.env.UPDATE_SNAPSHOTS === '1') {
    writeFileSync(file, actual);
    rmSync(changed, { force: true });
    return;
  }
  if (!existsSync(file)) {
    writeFileSync(changed, actual);
    throw new Error(`missing snapshot ${name}.html: review ${path.relative(process.cwd(), changed)} and run with UPDATE_SNAPSHOTS=1 to accept it`);
  }
  if (readFileSync(file, 'utf8') !== actual) {
    writeFileSync(changed, actual);
    throw new Error(`snapshot ${name}.html changed: diff it against ${path.relative(process.cwd(), changed)}; UPDATE_SNAPSHOTS=1 accepts the new output`);
  }
  rmSync(changed, { force: true });
}

// A fixture result document from tests/web/fixtures.
export function fixture(name) {
  return JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures', `${name}.json`), 'utf8'));
}
