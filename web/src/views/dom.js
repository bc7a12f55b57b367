// Tiny DOM helpers shared by the views. Text goes in as text (textContent,
// createTextNode), never as markup: kernel source, messages and printed
// output all come from user programs.

const SVG_NS = 'http://www.w3.org/2000/svg';

// el('p', {class: 'x', 'data-k': 1}, 'text', childNode, ...): an element with
// attributes and children; strings become text nodes, null/false are skipped.
export function el(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

export function svgEl(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

function fill(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return node;
}

// Empties a view's root before a render: views redraw from scratch, so a
// render of step i never depends on an earlier render.
export function clear(root) {
  root.replaceChildren();
  return root;
}

// Ids that are unique on the page (SVG patterns are referenced by id, and two
// heatmaps on one page must not share one). Snapshot tests re-index them.
let nextId = 0;
export function uid(prefix) {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

// A button that calls `onClick`; views use it for "go to line" links so they
// are reachable by keyboard.
export function linkButton(text, onClick, attrs = {}) {
  return el('button', { type: 'button', class: 'rg-link', ...attrs, onclick: onClick }, text);
}

// "line 12:5" for a source range, or '' when there is none.
// A location in another file of a multi-file program names that file
// (`util.py:12:5`, as a traceback would); the main program's stays `line 12:5`.
export function sourceLabel(src) {
  if (!src || !(src.line > 0)) return '';
  return src.file ? `${src.file}:${src.line}:${src.col}` : `line ${src.line}:${src.col}`;
}
