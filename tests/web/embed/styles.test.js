// The embed's stylesheet is independent of the host's root font size.
import { describe, expect, it } from 'vitest';
import { pinRem } from '../../../web/src/embed/styles.js';

describe('pinRem', () => {
  it('turns rem into 16px-based pixels and leaves everything else', () => {
    expect(pinRem('.a { font: 0.85rem x; margin: 1rem 0 .5rem; width: 10rem; }')).toBe('.a { font: 13.6px x; margin: 16px 0 8px; width: 160px; }');
    expect(pinRem('.b { font-size: 1.5em; top: 3px; --premium: 1; }')).toBe('.b { font-size: 1.5em; top: 3px; --premium: 1; }');
  });
});
