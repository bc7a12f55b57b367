// @vitest-environment jsdom
// The gallery and the document budget against the real engine (the wasm
// build in web/src/generated, loaded as the worker loads it). Needs
// scripts/build.sh wasm, like tests/web/bindings.test.js.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import createRungsModule from '../../../web/src/generated/rungs.mjs';
import { GALLERY } from '../../../web/src/playground/gallery.js';
import { renderGridWalk } from '../../../web/src/views/grid_walk.js';
import { renderTimeline } from '../../../web/src/views/timeline.js';

let m;
beforeAll(async () => {
  // A path, not a URL: under jsdom the global URL is not one Node's fs accepts.
  const wasmBinary = await readFile(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/src/generated/rungs.wasm'));
  m = await createRungsModule({ wasmBinary });
});

const run = (source, options) => JSON.parse(m.run(source, JSON.stringify(options)));

describe('gallery kernels on the engine', () => {
  for (const rung of ['interpret', 'tpu', 'chip']) {
    it(`every kernel gives a result document on rung ${rung} (errors allowed, internal errors not)`, () => {
      for (const k of GALLERY) {
        const doc = run(k.source, { rung, trace: true, filename: `${k.id}.py`, ...(k.devices ? { devices: k.devices } : {}) });
        expect(typeof doc.ok, k.id).toBe('boolean');
        if (!doc.ok) {
          expect(doc.error.id, `${k.id}: ${doc.error.message}`).not.toBe('internal_error');
          expect(doc.error.line, k.id).toBeGreaterThan(0);
        }
        for (const c of doc.calls) expect(c.rung, k.id).toBe(rung);
        // A kernel for several devices runs on them (its second line says how many).
        if (k.devices) expect(doc.calls.some((c) => c.devices?.count === k.devices), k.id).toBe(true);
      }
    });
  }

  it('the headline kernel duplicates a block silently on rung 1 and raises on rung 2', () => {
    const k = GALLERY.find((g) => g.id === 'one_block_past_the_end');
    const one = run(k.source, { rung: 'interpret', trace: true });
    expect(one.ok).toBe(true);
    expect(one.stdout).toBe('True True\n');
    expect(one.calls[0].events[1].operands[0]).toMatchObject({ start: [16, 0], landed: [8, 0], clamped: true });
    const two = run(k.source, { rung: 'tpu' });
    expect(two.error).toMatchObject({ type: 'IndexError', id: 'tpu_oob_block_input' });
  });
});

describe('payload budget', () => {
  // 1,000 grid steps, one recorded step event each.
  const source = `
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0

x = jnp.zeros((8000,), jnp.float32)
y = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(1000,),
    in_specs=[pl.BlockSpec((8,), lambda i: (i,))],
    out_specs=pl.BlockSpec((8,), lambda i: (i,)),
)(x)
`;
  for (const rung of ['interpret', 'tpu']) {
    it(`a 1,000-step kernel's document on rung ${rung} stays under 1.5 MB and any step renders alone, fast`, () => {
      const text = m.run(source, JSON.stringify({ rung, trace: true }));
      const doc = JSON.parse(text);
      expect(doc.ok).toBe(true);
      expect(doc.calls[0].events.filter((e) => e.kind === 'step')).toHaveLength(1000);
      expect(doc.calls[0].truncated).toBe(false);
      expect(text.length).toBeLessThan(1.5e6);
      const root = document.createElement('div');
      const t0 = performance.now();
      renderGridWalk(root, doc, 777);
      renderTimeline(root, doc, 777);
      expect(performance.now() - t0).toBeLessThan(1000);
    });
  }
});
