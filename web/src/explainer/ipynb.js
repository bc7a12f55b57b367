// Export of the notebook widget as a Jupyter notebook (nbformat 4.5): a
// markdown cell and a code cell per notebook step, no outputs, a Python 3
// kernelspec, so it opens (and runs against real JAX) in Colab or Jupyter.
// Pure: cells in, a JSON-serialisable object out.

// nbformat stores text as a list of lines, each but the last ending in \n.
export function sourceLines(text) {
  const lines = String(text).replace(/\s+$/, '').split('\n');
  return lines.map((line, i) => (i < lines.length - 1 ? `${line}\n` : line));
}

// cells: [{kind: 'markdown' | 'code', source: string}]
export function toNotebook(cells, { title = 'Pallas interpret mode' } = {}) {
  const used = new Set();
  const cellId = (kind, i) => {
    let id = `${kind}-${i}`;
    while (used.has(id)) id += 'x';
    used.add(id);
    return id;
  };
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' },
      language_info: { name: 'python' },
      colab: { name: title, provenance: [] },
    },
    cells: cells.map((c, i) =>
      c.kind === 'code'
        ? { cell_type: 'code', id: cellId('code', i), metadata: {}, execution_count: null, outputs: [], source: sourceLines(c.source) }
        : { cell_type: 'markdown', id: cellId('md', i), metadata: {}, source: sourceLines(c.source) },
    ),
  };
}

// The checks nbformat's v4 schema makes that matter for these notebooks;
// returns a list of problems (empty when valid). Used by the tests.
export function notebookProblems(nb) {
  const problems = [];
  if (nb?.nbformat !== 4) problems.push('nbformat must be 4');
  if (!Number.isInteger(nb?.nbformat_minor) || nb.nbformat_minor < 0) problems.push('nbformat_minor must be an integer');
  if (typeof nb?.metadata !== 'object' || nb.metadata === null) problems.push('metadata must be an object');
  if (!Array.isArray(nb?.cells)) return [...problems, 'cells must be a list'];
  const ids = new Set();
  nb.cells.forEach((c, i) => {
    const where = `cell ${i}`;
    if (!['code', 'markdown', 'raw'].includes(c.cell_type)) problems.push(`${where}: bad cell_type`);
    if (nb.nbformat_minor >= 5) {
      if (typeof c.id !== 'string' || !/^[a-zA-Z0-9-_]{1,64}$/.test(c.id)) problems.push(`${where}: bad id`);
      if (ids.has(c.id)) problems.push(`${where}: duplicate id`);
      ids.add(c.id);
    }
    if (typeof c.metadata !== 'object' || c.metadata === null) problems.push(`${where}: metadata must be an object`);
    const src = c.source;
    if (!(typeof src === 'string' || (Array.isArray(src) && src.every((s) => typeof s === 'string')))) problems.push(`${where}: bad source`);
    if (c.cell_type === 'code') {
      if (!(c.execution_count === null || Number.isInteger(c.execution_count))) problems.push(`${where}: bad execution_count`);
      if (!Array.isArray(c.outputs)) problems.push(`${where}: outputs must be a list`);
    } else if ('outputs' in c || 'execution_count' in c) {
      problems.push(`${where}: only code cells have outputs`);
    }
    const allowed = c.cell_type === 'code' ? ['cell_type', 'id', 'metadata', 'execution_count', 'outputs', 'source'] : ['cell_type', 'id', 'metadata', 'source', 'attachments'];
    for (const k of Object.keys(c)) if (!allowed.includes(k)) problems.push(`${where}: unexpected key ${k}`);
  });
  return problems;
}
