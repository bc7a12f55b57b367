// NPY v1.0 encoding: header layout, alignment and element bytes.
import { describe, expect, it } from 'vitest';
import { encodeNpy, npyHeader } from '../../../web/src/playground/npy.js';

function parse(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const len = view.getUint16(8, true);
  return { magic: [...bytes.subarray(0, 8)], header: String.fromCharCode(...bytes.subarray(10, 10 + len)), dataAt: 10 + len, view };
}

describe('npy', () => {
  it('writes the magic, version 1.0 and a 64-byte aligned dict header', () => {
    const bytes = encodeNpy({ dtype: 'float32', shape: [2, 3], data: [1, 2, 3, 'NaN', 'Infinity', '-Infinity'] });
    const { magic, header, dataAt, view } = parse(bytes);
    expect(magic).toEqual([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);
    expect(header).toMatch(/^\{'descr': '<f4', 'fortran_order': False, 'shape': \(2, 3\), \} *\n$/);
    expect(dataAt % 64).toBe(0);
    expect(bytes.length).toBe(dataAt + 6 * 4);
    expect(view.getFloat32(dataAt + 4, true)).toBe(2);
    expect(view.getFloat32(dataAt + 12, true)).toBeNaN();
    expect(view.getFloat32(dataAt + 16, true)).toBe(Infinity);
    expect(view.getFloat32(dataAt + 20, true)).toBe(-Infinity);
  });

  it('spells 0-d and 1-d shapes as Python tuples', () => {
    expect(npyHeader('<i4', [])).toMatch(/'shape': \(\), /);
    expect(npyHeader('<i4', [5])).toMatch(/'shape': \(5,\), /);
  });

  it('encodes integers, bools, int64, float16 and bfloat16 (as float32)', () => {
    const i = parse(encodeNpy({ dtype: 'int32', shape: [2], data: [-7, 2147483647] }));
    expect(i.header).toContain("'<i4'");
    expect(i.view.getInt32(i.dataAt, true)).toBe(-7);
    const b = parse(encodeNpy({ dtype: 'bool', shape: [3], data: [true, false, true] }));
    expect(b.header).toContain("'|b1'");
    expect([0, 1, 2].map((k) => b.view.getUint8(b.dataAt + k))).toEqual([1, 0, 1]);
    const l = parse(encodeNpy({ dtype: 'int64', shape: [1], data: [-3] }));
    expect(l.view.getBigInt64(l.dataAt, true)).toBe(-3n);
    const h = parse(encodeNpy({ dtype: 'float16', shape: [4], data: [1, -2.5, 65504, 'NaN'] }));
    expect([0, 2, 4].map((k) => h.view.getUint16(h.dataAt + k, true))).toEqual([0x3c00, 0xc100, 0x7bff]);
    expect(h.view.getUint16(h.dataAt + 6, true) & 0x7c00).toBe(0x7c00);
    const bf = parse(encodeNpy({ dtype: 'bfloat16', shape: [1], data: [1.5] }));
    expect(bf.header).toContain("'<f4'");
    expect(bf.view.getFloat32(bf.dataAt, true)).toBe(1.5);
  });

  it('refuses truncated arrays and unknown dtypes', () => {
    expect(() => encodeNpy({ dtype: 'float32', shape: [4], data: [1], truncated: true })).toThrow(/truncated/);
    expect(() => encodeNpy({ dtype: 'complex64', shape: [1], data: [1] })).toThrow(/cannot export dtype complex64/);
  });
});
