// Share links: the playground's state (code, settings, optional grid step,
// gallery id, main file name and extra files) in the URL hash as
// #s=<base64url(deflate(JSON))>. The extra files ride in the same version-1
// payload as optional fields, so links made before programs had several
// files open unchanged, and a one-file link is byte-for-byte what it was.
// Everything read from a link is untrusted: the decoder caps the inflated
// size at 64 KB while inflating (a small link cannot expand into a huge
// one), parses JSON, keeps only known fields and validates each; any problem
// is a {ok: false, error} the page shows, never an exception.
import { Inflate, deflateSync, strFromU8, strToU8 } from 'fflate';
import { MAIN_DEFAULT, restoreFiles } from './files.js';
import { validateSettings } from './settings.js';

export const MAX_DECODED_BYTES = 64 * 1024;
const MAX_ENCODED_CHARS = 120_000; // deflate cannot beat ~1000:1; this is generous
const PREFIX = '#s=';

export function toBase64Url(bytes) {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('the link contains characters that are not base64url');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

// {source, settings, step?, kernel?, filename?, files?} -> "#s=…"; `files`
// is {name: text} (files.js serializeFiles).
export function encodeState(state) {
  const plain = { v: 1, source: state.source, settings: state.settings };
  if (Number.isInteger(state.step)) plain.step = state.step;
  if (state.kernel) plain.kernel = state.kernel;
  if (state.filename && state.filename !== MAIN_DEFAULT) plain.filename = state.filename;
  if (state.files && Object.keys(state.files).length) plain.files = state.files;
  const bytes = strToU8(JSON.stringify(plain));
  if (bytes.length > MAX_DECODED_BYTES) throw new Error(`the kernel is too long to share in a link (${bytes.length} bytes; the limit is ${MAX_DECODED_BYTES})`);
  return PREFIX + toBase64Url(deflateSync(bytes, { level: 9 }));
}

// Inflates at most `limit` bytes; throws as soon as the output would pass it.
export function inflateCapped(data, limit) {
  const chunks = [];
  let size = 0;
  let done = false;
  const inflater = new Inflate((chunk, final) => {
    size += chunk.length;
    if (size > limit) throw new Error(`the shared state is larger than ${limit / 1024} KB`);
    chunks.push(chunk);
    if (final) done = true;
  });
  inflater.push(data, true);
  if (!done) throw new Error('the shared state is cut short');
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

// The optional multi-file fields of a decoded payload, validated by the
// same rule the tabs use (files.js); absent means a one-file program.
function sharedFiles(raw) {
  if (raw.filename === undefined && raw.files === undefined) return {};
  let restored;
  try {
    restored = restoreFiles(raw);
  } catch (err) {
    throw new Error(`the shared files are malformed (${err.message})`);
  }
  const out = {};
  if (raw.filename !== undefined) out.filename = restored.filename;
  if (restored.files.length) out.files = Object.fromEntries(restored.files.map((f) => [f.name, f.source]));
  return out;
}

// "#s=…" (or the part after it) -> {ok: true, state} | {ok: false, error}.
// A hash without "#s=" is {ok: true, state: null}: nothing was shared.
export function decodeState(hash) {
  const text = String(hash ?? '');
  if (!text.startsWith(PREFIX)) return { ok: true, state: null };
  try {
    const payload = text.slice(PREFIX.length);
    if (payload.length > MAX_ENCODED_CHARS) throw new Error('the link is too long');
    let json;
    try {
      json = strFromU8(inflateCapped(fromBase64Url(payload), MAX_DECODED_BYTES));
    } catch (err) {
      if (/larger than|cut short|base64url/.test(err.message)) throw err;
      throw new Error('the link is not valid compressed data');
    }
    let raw;
    try {
      raw = JSON.parse(json);
    } catch {
      throw new Error('the shared state is not valid JSON');
    }
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('the shared state is not an object');
    if (raw.v !== 1) throw new Error(`unknown share format version ${JSON.stringify(raw.v)}`);
    if (typeof raw.source !== 'string') throw new Error('the shared state has no kernel source');
    const state = { source: raw.source, settings: validateSettings(raw.settings) };
    if (raw.step !== undefined) {
      if (!Number.isInteger(raw.step) || raw.step < 0) throw new Error('the shared grid step must be a whole number ≥ 0');
      state.step = raw.step;
    }
    if (raw.kernel !== undefined) {
      if (typeof raw.kernel !== 'string' || !/^[a-z0-9_]{1,64}$/.test(raw.kernel)) throw new Error('the shared gallery id is malformed');
      state.kernel = raw.kernel;
    }
    Object.assign(state, sharedFiles(raw));
    return { ok: true, state };
  } catch (err) {
    return { ok: false, error: `This share link could not be opened: ${err.message}.` };
  }
}
