// The embed declares the bundled faces on its host document (a shadow root
// ignores @font-face): once per document, skipping faces already there.
import { describe, expect, it } from 'vitest';
import { declareEmbedFonts, EMBED_FACES } from '../../../web/src/embed/fonts.js';

class FakeFace {
  constructor(family, source, { weight, style }) {
    Object.assign(this, { family, source, weight, style });
  }
}
const fakeDoc = (existing = []) => {
  const fonts = new Set(existing);
  return { fonts, defaultView: { FontFace: FakeFace } };
};

describe('embed fonts', () => {
  it('declares every bundled face once per document', () => {
    const doc = fakeDoc();
    expect(declareEmbedFonts(doc)).toBe(EMBED_FACES.length);
    expect(declareEmbedFonts(doc)).toBe(0);
    expect(doc.fonts.size).toBe(EMBED_FACES.length);
    for (const f of doc.fonts) expect(f.source).toMatch(/^url\(".*\.woff2"\) format\("woff2"\)$/);
  });

  it('leaves alone a face the page already declares (a site page with fonts.css)', () => {
    const doc = fakeDoc([new FakeFace('"JetBrains Mono"', '', { weight: '400', style: 'normal' })]);
    expect(declareEmbedFonts(doc)).toBe(EMBED_FACES.length - 1);
  });

  it('does nothing where the FontFace API is missing', () => {
    expect(declareEmbedFonts({ fonts: new Set(), defaultView: {} })).toBe(0);
    expect(declareEmbedFonts(undefined)).toBe(0);
  });
});
