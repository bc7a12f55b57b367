// The one Markdown configuration for content/: CommonMark (no raw HTML, so
// content cannot inject markup), the directive plugin and the inline syntax.
import MarkdownIt from 'markdown-it';
import { directivesPlugin } from './directives.js';
import { inlinePlugin } from './inline.js';

export function createMarkdown() {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: true });
  md.use(directivesPlugin);
  md.use(inlinePlugin);
  return md;
}
