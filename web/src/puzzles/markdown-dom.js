// Markdown to DOM without markup strings: markdown-it parses the puzzle's
// statement or hint into tokens, and each token becomes an element built with
// createElement and text nodes (the site never assigns HTML, see
// tests/web/security/sinks.test.js). Covers what puzzle texts use: paragraphs,
// headings, lists, fenced code, inline code, emphasis, links and breaks.
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: false });

// Opening token type -> element tag (the closing token pops it).
const BLOCK = {
  paragraph_open: 'p',
  bullet_list_open: 'ul',
  ordered_list_open: 'ol',
  list_item_open: 'li',
  blockquote_open: 'blockquote',
  strong_open: 'strong',
  em_open: 'em',
  link_open: 'a',
};

function build(tokens, parent, doc) {
  const stack = [parent];
  const top = () => stack[stack.length - 1];
  for (const t of tokens) {
    if (t.type === 'heading_open') {
      stack.push(top().appendChild(doc.createElement(t.tag)));
    } else if (BLOCK[t.type]) {
      const node = doc.createElement(BLOCK[t.type]);
      if (t.type === 'link_open') {
        const href = t.attrGet('href') ?? '';
        if (/^(https?:|#|\.\.?\/)/.test(href)) node.setAttribute('href', href); // no javascript: URLs
      }
      stack.push(top().appendChild(node));
    } else if (t.type.endsWith('_close')) {
      if (stack.length > 1) stack.pop();
    } else if (t.type === 'inline') {
      build(t.children ?? [], top(), doc);
    } else if (t.type === 'text') {
      top().append(doc.createTextNode(t.content));
    } else if (t.type === 'code_inline') {
      top().appendChild(doc.createElement('code')).textContent = t.content;
    } else if (t.type === 'softbreak') {
      top().append(doc.createTextNode(' '));
    } else if (t.type === 'hardbreak') {
      top().appendChild(doc.createElement('br'));
    } else if (t.type === 'fence' || t.type === 'code_block') {
      const pre = top().appendChild(doc.createElement('pre'));
      pre.appendChild(doc.createElement('code')).textContent = t.content;
    }
  }
}

// A block of markdown -> a DocumentFragment.
export function markdownFragment(text, doc = document) {
  const frag = doc.createDocumentFragment();
  build(md.parse(String(text ?? ''), {}), frag, doc);
  return frag;
}

// One line of markdown (a hint) -> a DocumentFragment of inline nodes.
export function inlineFragment(text, doc = document) {
  const frag = doc.createDocumentFragment();
  build(md.parseInline(String(text ?? ''), {}), frag, doc);
  return frag;
}
