// The bundled typefaces for <rungs-kernel>. Browsers ignore @font-face rules
// inside a shadow root, so the faces are declared on the host document
// instead (document.fonts), where the shadow content can use them by name:
// the same files the site's pages get from site/fonts.css, from npm
// (@fontsource, SIL Open Font License), served beside this script; no CDN.
// Through the FontFace API, so no <style> element is added and a strict
// host Content-Security-Policy needs nothing beyond font-src for this
// script's origin. A face is only fetched once text uses it.
//
// Idempotent: once per document, and a face the document already declares
// (one of our own pages, which has site/fonts.css) is not declared again.
import mono400 from '@fontsource/jetbrains-mono/files/jetbrains-mono-latin-400-normal.woff2?url';
import serif400 from '@fontsource/source-serif-4/files/source-serif-4-latin-400-normal.woff2?url';
import serif400i from '@fontsource/source-serif-4/files/source-serif-4-latin-400-italic.woff2?url';
import serif600 from '@fontsource/source-serif-4/files/source-serif-4-latin-600-normal.woff2?url';

export const EMBED_FACES = Object.freeze([
  { family: 'JetBrains Mono', url: mono400, weight: '400', style: 'normal' },
  { family: 'Source Serif 4', url: serif400, weight: '400', style: 'normal' },
  { family: 'Source Serif 4', url: serif400i, weight: '400', style: 'italic' },
  { family: 'Source Serif 4', url: serif600, weight: '600', style: 'normal' },
]);

const declared = new WeakSet(); // documents done

const unquote = (family) => family.replace(/^["']|["']$/g, '');

function hasFace(fonts, face) {
  for (const f of fonts) {
    if (unquote(f.family) === face.family && String(f.weight) === face.weight && f.style === face.style) return true;
  }
  return false;
}

// Returns how many faces it added (0 when the document had them all).
export function declareEmbedFonts(doc = globalThis.document) {
  const fonts = doc?.fonts;
  const FontFaceCtor = doc?.defaultView?.FontFace;
  if (!fonts || typeof FontFaceCtor !== 'function' || declared.has(doc)) return 0;
  declared.add(doc);
  let added = 0;
  for (const face of EMBED_FACES) {
    if (hasFace(fonts, face)) continue;
    // A relative URL would resolve against the host page: make it absolute
    // against this module (the build writes the files beside the script).
    const href = new URL(face.url, import.meta.url).href;
    fonts.add(new FontFaceCtor(face.family, `url("${href}") format("woff2")`, { weight: face.weight, style: face.style, display: 'swap' }));
    added++;
  }
  return added;
}
