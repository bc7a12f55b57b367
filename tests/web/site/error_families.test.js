// The catalog's grouping: every registry file maps to a named family (the
// standard-library errors are "Running Python"), and an id of a family the
// page does not name lands in "Other" instead of breaking the page.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FAMILIES, errorFamilies } from '../../../web/src/explainer/build/errors-content.js';
import { groupEntries } from '../../../web/src/errors/catalog.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('error families', () => {
  it('puts every registry id in a family the page names', () => {
    const named = new Set(FAMILIES.map(([key]) => key));
    const families = errorFamilies(root);
    for (const key of Object.keys(families)) expect(named.has(key), key).toBe(true);
    expect(families.eval).toContain('system_exit');
  });

  it('groups an id of an unknown family under Other', () => {
    const { groups } = groupEntries([{ id: 'a' }, { id: 'b' }], { eval: ['a'], later: ['b'] }, { eval: 'Running Python' });
    expect(groups.get('eval').map((e) => e.id)).toEqual(['a']);
    expect(groups.get('other').map((e) => e.id)).toEqual(['b']);
  });
});
