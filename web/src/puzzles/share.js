// Share links for an attempt: #a=<base64url(deflate({v, id, source}))>, the
// same encoding as the playground's links. A link is untrusted input: the
// size is capped while inflating and the fields are checked.
import { deflateSync, strFromU8, strToU8 } from 'fflate';
import { MAX_DECODED_BYTES, fromBase64Url, inflateCapped, toBase64Url } from '../playground/share.js';

const PREFIX = '#a=';

export function encodeAttempt({ id, source }) {
  const bytes = strToU8(JSON.stringify({ v: 1, id, source }));
  if (bytes.length > MAX_DECODED_BYTES) throw new Error(`the attempt is too long to share in a link (${bytes.length} bytes)`);
  return PREFIX + toBase64Url(deflateSync(bytes, { level: 9 }));
}

// -> {ok: true, attempt: {id, source} | null} | {ok: false, error}
export function decodeAttempt(hash) {
  const text = String(hash ?? '');
  if (!text.startsWith(PREFIX)) return { ok: true, attempt: null };
  try {
    const raw = JSON.parse(strFromU8(inflateCapped(fromBase64Url(text.slice(PREFIX.length)), MAX_DECODED_BYTES)));
    if (raw?.v !== 1) throw new Error('unknown share format');
    if (typeof raw.id !== 'string' || !/^[0-9]{2}-[a-z0-9-]{1,60}$/.test(raw.id)) throw new Error('the puzzle id is malformed');
    if (typeof raw.source !== 'string') throw new Error('the attempt has no source');
    return { ok: true, attempt: { id: raw.id, source: raw.source } };
  } catch (err) {
    return { ok: false, error: `This share link could not be opened: ${err.message}.` };
  }
}
