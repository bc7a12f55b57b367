// Arrays as pictures: the pure arithmetic every view shares, with no DOM.
//
// A result document holds arrays as {dtype, shape, data} with data flat and
// row-major and non-finite floats spelled "NaN" / "Infinity" / "-Infinity"
// (core/result/README.md). Views draw every array as one 2-D grid:
//   rank 0 -> 1 x 1, rank 1 -> 1 x n, rank 2 -> as is,
//   rank >= 3 -> all leading dims folded into rows (row-major, so the
//   picture of a (2, 4, 8) array is 8 rows of 8: two (4, 8) slabs stacked).
// Folding keeps the last axis horizontal, which is where the (8, 128) tile
// rule lives, so block boundaries stay straight lines in every rank.
// Large arrays are binned (downsample) rather than cropped, and a bin that
// holds any NaN/Inf says so: the non-finite cell is the thing worth seeing.

export const product = (dims) => dims.reduce((a, b) => a * b, 1);

// A document number (a JSON number, a bool or a non-finite spelling) as a JS number.
export function toNumber(v) {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === 'NaN') return NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  return NaN;
}

// 'finite' | 'nan' | 'posinf' | 'neginf' for one element.
export function kindOf(x) {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'posinf';
  if (x === -Infinity) return 'neginf';
  return 'finite';
}

// The 2-D grid an n-d shape is drawn as.
export function fold(shape) {
  const s = shape ?? [];
  if (s.length === 0) return { rows: 1, cols: 1 };
  if (s.length === 1) return { rows: 1, cols: s[0] };
  return { rows: product(s.slice(0, -1)), cols: s[s.length - 1] };
}

// Every index tuple of a box's leading dims (all but the last two), in order.
function* leadingIndices(start, size) {
  const k = start.length - 2;
  if (k <= 0) {
    yield [];
    return;
  }
  const idx = start.slice(0, k);
  for (;;) {
    yield idx.slice();
    let d = k - 1;
    while (d >= 0) {
      idx[d] += 1;
      if (idx[d] < start[d] + size[d]) break;
      idx[d] = start[d];
      d -= 1;
    }
    if (d < 0) return;
  }
}

// An n-d box {start, size} in `shape`'s coordinates -> rectangles
// {r0, c0, r1, c1} (end-exclusive) in the folded grid. A box in rank >= 3
// is one rectangle per leading index; `limit` caps how many are returned
// (a box over many slabs is then drawn by its first `limit` slabs).
export function boxRects(shape, box, limit = 256) {
  const rank = shape.length;
  const { start, size } = box;
  if (rank === 0) return [{ r0: 0, c0: 0, r1: 1, c1: 1 }];
  if (rank === 1) return [{ r0: 0, c0: start[0], r1: 1, c1: start[0] + size[0] }];
  const rowsOf = shape[rank - 2];
  const out = [];
  for (const lead of leadingIndices(start, size)) {
    // Row offset of this slab: its leading index, row-major over shape[0..rank-2).
    let slab = 0;
    for (let d = 0; d < lead.length; d++) slab = slab * shape[d] + lead[d];
    const r0 = slab * rowsOf + start[rank - 2];
    out.push({ r0, c0: start[rank - 1], r1: r0 + size[rank - 2], c1: start[rank - 1] + size[rank - 1] });
    if (out.length >= limit) break;
  }
  return out;
}

// How many rows/cols of elements one drawn cell stands for.
export function binSteps(rows, cols, maxRows, maxCols) {
  return { rowStep: Math.max(1, Math.ceil(rows / maxRows)), colStep: Math.max(1, Math.ceil(cols / maxCols)) };
}

// The drawn grid of an array: one cell per element, or per bin when the array
// is larger than maxRows x maxCols. Each cell carries what its hover readout
// and its colour need: the (mean) value over finite elements and the counts
// of NaN / +Inf / -Inf, so a single NaN in a million-element bin still shows.
// `data` may be shorter than the shape (a truncated document): missing
// elements count as absent, not as zero.
export function downsample(value, { maxRows = 64, maxCols = 128 } = {}) {
  const { rows, cols } = fold(value.shape ?? []);
  const { rowStep, colStep } = binSteps(rows, cols, maxRows, maxCols);
  const nr = Math.ceil(rows / rowStep);
  const nc = Math.ceil(cols / colStep);
  const data = value.data ?? [];
  const cells = [];
  // Plain counters and one object literal per cell: this runs for every
  // element of every array a page draws.
  for (let br = 0; br < nr; br++) {
    for (let bc = 0; bc < nc; bc++) {
      const r0 = br * rowStep;
      const c0 = bc * colStep;
      const r1 = Math.min(rows, r0 + rowStep);
      const c1 = Math.min(cols, c0 + colStep);
      let sum = 0, finite = 0, nan = 0, posinf = 0, neginf = 0, absent = 0;
      for (let r = r0; r < r1; r++) {
        for (let c = c0; c < c1; c++) {
          const i = r * cols + c;
          if (i >= data.length) {
            absent += 1;
            continue;
          }
          const x = toNumber(data[i]);
          if (Number.isFinite(x)) {
            sum += x;
            finite += 1;
          } else if (x === Infinity) posinf += 1;
          else if (x === -Infinity) neginf += 1;
          else nan += 1;
        }
      }
      const kind = nan ? 'nan' : posinf ? 'posinf' : neginf ? 'neginf' : finite ? 'finite' : 'absent';
      cells.push({ row: br, col: bc, r0, c0, r1, c1, finite, nan, posinf, neginf, absent, value: finite ? sum / finite : NaN, kind });
    }
  }
  return { rows, cols, nr, nc, rowStep, colStep, cells, binned: rowStep > 1 || colStep > 1 };
}

// [min, max] over the finite elements, or null when there are none.
export function finiteExtent(data) {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of data ?? []) {
    const x = toNumber(v);
    if (Number.isFinite(x)) {
      if (x < lo) lo = x;
      if (x > hi) hi = x;
    }
  }
  return lo <= hi ? [lo, hi] : null;
}

// Counts of non-finite elements: {nan, posinf, neginf}.
export function nonFiniteCounts(data) {
  const n = { nan: 0, posinf: 0, neginf: 0 };
  for (const v of data ?? []) {
    const k = kindOf(toNumber(v));
    if (k !== 'finite') n[k] += 1;
  }
  return n;
}

// The n-d index of a folded (row, col) position.
export function unfold(shape, row, col) {
  if (shape.length === 0) return [];
  if (shape.length === 1) return [col];
  const idx = [col];
  let r = row;
  for (let d = shape.length - 2; d >= 0; d--) {
    idx.unshift(r % shape[d]);
    r = Math.floor(r / shape[d]);
  }
  return idx;
}

// A value as text the way NumPy would print one element of `dtype`.
export function formatElement(v, dtype = 'float32') {
  if (v === 'NaN') return 'nan';
  if (v === 'Infinity') return 'inf';
  if (v === '-Infinity') return '-inf';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (dtype === 'bool') return v ? 'True' : 'False';
  if (typeof v !== 'number') return String(v);
  if (/int/.test(dtype)) return String(v);
  return formatFloat(v);
}

// Up to 6 significant digits, no trailing zeros, exponent for extremes.
export function formatFloat(x) {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const a = Math.abs(x);
  if (a >= 1e6 || a < 1e-4) return x.toExponential(3).replace(/\.?0+e/, 'e');
  return String(Number(x.toPrecision(6)));
}

// "[2, 5]" for a single element, "[0:4, 8:16]" for a bin (rank <= 2), and
// " rows 0:4, cols 8:16" (folded coordinates) for a bin of a rank >= 3 array.
export function rangeLabel(shape, cell) {
  if (cell.r1 - cell.r0 === 1 && cell.c1 - cell.c0 === 1) return `[${unfold(shape, cell.r0, cell.c0).join(', ')}]`;
  if (shape.length <= 1) return `[${cell.c0}:${cell.c1}]`;
  if (shape.length === 2) return `[${cell.r0}:${cell.r1}, ${cell.c0}:${cell.c1}]`;
  return ` rows ${cell.r0}:${cell.r1}, cols ${cell.c0}:${cell.c1}`;
}
