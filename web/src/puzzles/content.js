// The puzzles, bundled at build time from content/puzzles/<NN-id>/ (adding a
// puzzle is adding a folder). Only what the page shows or the engine needs is
// bundled; each folder's wrong.py is a test fixture and stays out.
const files = import.meta.glob(
  [
    '../../../content/puzzles/*/puzzle.json',
    '../../../content/puzzles/*/spec.py',
    '../../../content/puzzles/*/statement.md',
    '../../../content/puzzles/*/hints.md',
    '../../../content/puzzles/*/starter.py',
    '../../../content/puzzles/*/solution.py',
  ],
  { query: '?raw', import: 'default', eager: true },
);

// Hints are one markdown file, one hint per part, parts split by a "---" line.
export function splitHints(text) {
  return String(text ?? '')
    .split(/^---\s*$/m)
    .map((h) => h.trim())
    .filter(Boolean);
}

// {path: text} -> [{id, title, manifest, figure, spec, statement, hints, starter, solution}]
// in folder order. A folder missing a file is left out with a console error,
// so one broken puzzle does not take the page down (ctest refuses it anyway).
export function collectPuzzles(fileMap) {
  const byId = new Map();
  for (const [path, text] of Object.entries(fileMap)) {
    const m = /\/puzzles\/([^/]+)\/([^/]+)$/.exec(path);
    if (!m) continue;
    if (!byId.has(m[1])) byId.set(m[1], {});
    byId.get(m[1])[m[2]] = text;
  }
  const out = [];
  for (const id of [...byId.keys()].sort()) {
    const f = byId.get(id);
    const missing = ['puzzle.json', 'spec.py', 'statement.md', 'hints.md', 'starter.py', 'solution.py'].filter((n) => typeof f[n] !== 'string');
    if (missing.length) {
      console.error(`puzzle ${id} lacks ${missing.join(', ')}`);
      continue;
    }
    const manifest = JSON.parse(f['puzzle.json']);
    out.push({
      id,
      title: manifest.title,
      manifest: f['puzzle.json'],
      figure: manifest.figure ?? null,
      spec: f['spec.py'],
      statement: f['statement.md'],
      hints: splitHints(f['hints.md']),
      starter: f['starter.py'],
      solution: f['solution.py'],
    });
  }
  return out;
}

export const PUZZLES = collectPuzzles(files);
