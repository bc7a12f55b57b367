// Lowered view: the module rung 3's chip model lowers a kernel to, as the
// engine wrote it (a call's `lowered.lines`: text plus the Python line of the
// kernel equation each line came from). Lines with a source get a line
// button (onSource), so a reader goes from `arith.addf` back to the `+` that
// made it. The text is the model's rendering, labelled so.
//
//   renderLowered(root, doc, {call = 0, onSource})
import { clear, el, linkButton } from './dom.js';

export function renderLowered(root, doc, options = {}) {
  clear(root);
  const calls = doc?.calls ?? [];
  const index = options.call ?? 0;
  const call = calls[index];
  if (!call?.lowered) {
    const why = !calls.length
      ? 'No pallas_call ran.'
      : `Call ${index + 1} ran on rung ${call.rung}; only rung 3 (the chip model) lowers a kernel for a TPU.`;
    root.append(el('p', { class: 'rg-empty' }, `${why} "Lower for TPU" runs the program on rung 3 and shows each kernel's module here.`));
    return;
  }
  root.append(
    el('p', { class: 'rg-lowered-head', 'data-kernel': call.kernel }, `${call.kernel}: the Mosaic module as Rungs' chip model writes it for a TPU (not libtpu's output); lines with a number came from that line of your kernel.`),
  );
  const list = el('ol', { class: 'rg-lowered', tabindex: 0, 'aria-label': `Lowered module of ${call.kernel}` });
  for (const { text, line } of call.lowered.lines) {
    const gutter = line > 0 && options.onSource ? linkButton(`${line}`, () => options.onSource({ line, col: 1 }), { 'data-line': line, title: `kernel source line ${line}` }) : el('span', { class: 'rg-lowered-blank' }, '');
    list.append(el('li', { 'data-line': line > 0 ? line : null }, gutter, el('code', {}, text)));
  }
  root.append(list);
}
