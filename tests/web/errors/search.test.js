// The catalog search (web/src/errors/search.js) against the engine's own
// registry (the wasm build's errors(), the list the page searches): what
// people paste ranks the entry they need first.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import createRungsModule from '../../../web/src/generated/rungs.mjs';
import { FAMILIES } from '../../../web/src/explainer/build/errors-content.js';
import { normalize, rankEntries, scoreEntry, templateCoverage } from '../../../web/src/errors/search.js';

let registry;
beforeAll(async () => {
  const wasmBinary = await readFile(new URL('../../../web/src/generated/rungs.wasm', import.meta.url));
  const m = await createRungsModule({ wasmBinary });
  registry = JSON.parse(m.errors());
});

// The page ranks by family; here, Pallas/TPU ids (by prefix) before the rest.
const familyRank = (e) => (/^(tpu|chip|pallas|block|grid|interpret)/.test(e.id) ? 0 : 1);
const top = (query, n = 1) => rankEntries(registry, query, { familyRank }).slice(0, n).map((r) => r.entry.id);

describe('catalog search', () => {
  it('ranks the entry whose template a pasted concrete message fills first', () => {
    expect(top('Out-of-bounds block index (2, 0) for input "x_ref" in iteration (1,)')).toEqual(['tpu_oob_block_input']);
    expect(top('Out-of-bounds block index (2, 0) for output "o_ref" in iteration (1,) on device 0 (core 0)')).toEqual(['tpu_oob_block_output']);
  });

  it('finds a message pasted with its exception class and traceback around it', () => {
    // (tpu_core_index's template spells out "axis 0", so a message about axis 0 is rightly its.)
    const pasted = 'Traceback (most recent call last):\n  File "k.py", line 9\nIndexError: index 5 is out of bounds for axis 1 with size 4';
    expect(top(pasted)).toEqual(['index_out_of_bounds']);
  });

  it('matches across spaces and hyphens both ways', () => {
    const spaced = new Set(top('out of bounds', 400));
    const hyphened = new Set(top('out-of-bounds', 400));
    expect(spaced).toEqual(hyphened);
    expect(spaced.has('tpu_oob_block_input')).toBe(true);
    expect(spaced.has('index_out_of_bounds')).toBe(true);
  });

  it('finds every entry of an exception class by its name', () => {
    const found = rankEntries(registry, 'IndexError', { familyRank });
    const indexErrors = registry.filter((e) => e.type === 'IndexError').map((e) => e.id).sort();
    expect(indexErrors.length).toBeGreaterThan(3);
    expect(found.slice(0, indexErrors.length).map((r) => r.entry.id).sort()).toEqual(indexErrors);
  });

  it('puts an exact id first and ignores case and underscores', () => {
    expect(top('tpu_oob_block_input')).toEqual(['tpu_oob_block_input']);
    expect(top('TPU OOB BLOCK INPUT')).toEqual(['tpu_oob_block_input']);
  });

  it('lists Pallas and TPU errors before generic Python ones on a tie', () => {
    const ids = top('IndexError', 400);
    const firstGeneric = ids.findIndex((id) => familyRank({ id }) === 1);
    const lastPallas = ids.findLastIndex((id) => familyRank({ id }) === 0);
    expect(lastPallas).toBeLessThan(firstGeneric);
  });

  it('matches nothing for words no entry has, and nothing for an empty query', () => {
    expect(top('zzzz qqqq')).toEqual([]);
    expect(scoreEntry(registry[0], '   ')).toBe(0);
  });

  it('counts template pieces in order, from any piece, up to where the paste stops', () => {
    const t = 'Out-of-bounds block index {} for input "{}" in iteration {} on device {}';
    const len = (piece) => normalize(piece).length;
    // The first two pieces, then the paste stops.
    expect(templateCoverage(t, 'out of bounds block index (1,) for input "x"')).toBe(len('Out-of-bounds block index ') + len(' for input "'));
    // Cut from the middle: the '" in iteration ' piece lacks its quote, so the run starts at ' on device '.
    expect(templateCoverage(t, 'in iteration (3,) on device 1')).toBe(len(' on device '));
    expect(templateCoverage(t, 'something else')).toBe(0);
  });

  it('orders the page families Pallas and TPU first, generic Python after', () => {
    const keys = FAMILIES.map(([k]) => k);
    expect(keys.indexOf('pallas')).toBeLessThan(keys.indexOf('eval'));
    expect(keys.indexOf('rung2')).toBeLessThan(keys.indexOf('lang'));
  });
});
