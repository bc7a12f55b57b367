// @vitest-environment jsdom
// The lowered view draws the engine's lines as given and links exactly the
// lines that carry a source line; a call with no lowered module says why.
import { describe, expect, it } from 'vitest';
import { renderLowered } from '../../../web/src/views/lowered.js';

const doc = {
  calls: [
    {
      kernel: 'add_kernel',
      rung: 'chip',
      lowered: {
        platform: 'tpu',
        lines: [
          { text: 'module attributes {stable_mosaic.version = "rungs-chip-model"} {', line: 0 },
          { text: '    %2 = arith.addf %0, %1 : vector<8x128xf32>', line: 7 },
          { text: '}', line: 0 },
        ],
      },
    },
    { kernel: 'copy_kernel', rung: 'interpret' },
  ],
};

describe('renderLowered', () => {
  it('shows every line and links those with a source line', () => {
    const root = document.createElement('div');
    const clicked = [];
    renderLowered(root, doc, { call: 0, onSource: (src) => clicked.push(src.line) });
    const items = [...root.querySelectorAll('.rg-lowered li')];
    expect(items.map((li) => li.querySelector('code').textContent)).toEqual(doc.calls[0].lowered.lines.map((l) => l.text));
    const buttons = root.querySelectorAll('.rg-lowered button[data-line]');
    expect(buttons).toHaveLength(1);
    buttons[0].click();
    expect(clicked).toEqual([7]);
    expect(root.querySelector('.rg-lowered-head').textContent).toContain("not libtpu's output");
  });

  it('explains a call that was not lowered', () => {
    const root = document.createElement('div');
    renderLowered(root, doc, { call: 1 });
    expect(root.querySelector('.rg-lowered')).toBeNull();
    expect(root.textContent).toContain('Call 2 ran on rung interpret');
  });
});
