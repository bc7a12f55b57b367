// NPY v1.0 files (numpy.lib.format) from a result document's arrays, so an
// output can be loaded with np.load(). Layout: the magic "\x93NUMPY", version
// 1.0, a little-endian uint16 header length, then an ASCII dict literal
//   {'descr': '<f4', 'fortran_order': False, 'shape': (8, 128), }
// padded with spaces and ended by "\n" so the data starts at a multiple of
// 64 bytes, then the elements in C order, little-endian.
// bfloat16 has no NumPy dtype: it is written as float32 (exactly: every
// bfloat16 is a float32), and npyDescr says so.
import { toNumber } from '../views/array2d.js';

const DTYPES = {
  float16: { descr: '<f2', size: 2 },
  bfloat16: { descr: '<f4', size: 4, widened: true },
  float32: { descr: '<f4', size: 4 },
  float64: { descr: '<f8', size: 8 },
  int8: { descr: '|i1', size: 1 },
  int16: { descr: '<i2', size: 2 },
  int32: { descr: '<i4', size: 4 },
  int64: { descr: '<i8', size: 8 },
  uint8: { descr: '|u1', size: 1 },
  uint16: { descr: '<u2', size: 2 },
  uint32: { descr: '<u4', size: 4 },
  uint64: { descr: '<u8', size: 8 },
  bool: { descr: '|b1', size: 1 },
};

export function npyDescr(dtype) {
  const d = DTYPES[dtype];
  if (!d) throw new Error(`cannot export dtype ${dtype} as .npy`);
  return d;
}

export function npyHeader(descr, shape) {
  const dims = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${dims}, }`;
  const total = 10 + header.length + 1; // magic(6) + version(2) + length(2) + header + "\n"
  header += ' '.repeat((64 - (total % 64)) % 64) + '\n';
  return header;
}

// float32 bits -> float16 bits, round to nearest even (NaN stays NaN).
function toHalf(x) {
  const f = new Float32Array([x]);
  const u = new Uint32Array(f.buffer)[0];
  const sign = (u >>> 16) & 0x8000;
  const exp = (u >>> 23) & 0xff;
  const mant = u & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
  let e = exp - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    const m = (mant | 0x800000) >>> (1 - e);
    const round = (m & 0x1fff) > 0x1000 || ((m & 0x1fff) === 0x1000 && (m & 0x2000));
    return sign | ((m >>> 13) + (round ? 1 : 0));
  }
  const round = (mant & 0x1fff) > 0x1000 || ((mant & 0x1fff) === 0x1000 && (mant & 0x2000));
  return (sign | (e << 10) | (mant >>> 13)) + (round ? 1 : 0);
}

// {dtype, shape, data} -> Uint8Array holding a complete .npy file.
export function encodeNpy(value) {
  const { descr, size } = npyDescr(value.dtype);
  const shape = value.shape ?? [];
  const count = shape.reduce((a, b) => a * b, 1);
  if (value.truncated || (value.data ?? []).length < count) throw new Error('this array was truncated by the engine; it cannot be exported whole');
  const header = npyHeader(descr, shape);
  const out = new Uint8Array(10 + header.length + count * size);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0], 0); // \x93NUMPY v1.0
  new DataView(out.buffer).setUint16(8, header.length, true);
  for (let i = 0; i < header.length; i++) out[10 + i] = header.charCodeAt(i);
  const view = new DataView(out.buffer, 10 + header.length);
  const data = value.data;
  for (let i = 0; i < count; i++) {
    const at = i * size;
    const x = data[i];
    switch (descr) {
      case '<f2': view.setUint16(at, toHalf(toNumber(x)), true); break;
      case '<f4': view.setFloat32(at, toNumber(x), true); break;
      case '<f8': view.setFloat64(at, toNumber(x), true); break;
      case '|i1': view.setInt8(at, x); break;
      case '<i2': view.setInt16(at, x, true); break;
      case '<i4': view.setInt32(at, x, true); break;
      case '<i8': view.setBigInt64(at, BigInt(Math.trunc(x)), true); break;
      case '|u1': view.setUint8(at, x); break;
      case '<u2': view.setUint16(at, x, true); break;
      case '<u4': view.setUint32(at, x, true); break;
      case '<u8': view.setBigUint64(at, BigInt(Math.trunc(x)), true); break;
      case '|b1': view.setUint8(at, x === true || x === 1 ? 1 : 0); break;
      default: throw new Error(`unhandled descr ${descr}`);
    }
  }
  return out;
}
