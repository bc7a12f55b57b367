// The one Markdown configuration for content/: CommonMark (no raw HTML, so
// content cannot inject markup), the directive plugin and the inline syntax.
import MarkdownIt from 'markdown-it';
import { directivesPlugin } from './directives.js';
import { inlinePlugin } from './inline.js';

export function createMarkdown() {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: true });
  md.use(directivesPlugin);
  md.use(inlinePlugin);
  md.use(scrollingTables);
  return md;
}

// A table wider than a phone scrolls inside its own box instead of widening
// the page; the box is a labelled, focusable region so a keyboard can scroll it.
function scrollingTables(md) {
  md.renderer.rules.table_open = () => '<div class="rg-scroll" tabindex="0" role="region" aria-label="table, scrolls sideways">\n<table>\n';
  md.renderer.rules.table_close = () => '</table>\n</div>\n';
}
