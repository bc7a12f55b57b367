// Where an embed's kernel text comes from: the element's own text, or a file
// named by its `src` attribute. Either way the result is a plain string that
// is only ever shown with textContent / textarea.value and sent to the engine;
// nothing here parses it as HTML or script.
import { MAIN_DEFAULT, nameProblem } from '../playground/files.js';

// Kernels written inside an indented HTML block carry that indentation on
// every line; Python would reject it. Strip the common leading whitespace and
// the blank lines around the program. Tabs count as one column, as Python's
// tokenizer is told nothing about them here either.
export function dedent(text) {
  const lines = String(text ?? '').replace(/\r\n?/g, '\n').split('\n');
  while (lines.length && lines[0].trim() === '') lines.shift();
  while (lines.length && lines.at(-1).trim() === '') lines.pop();
  let common = Infinity;
  for (const line of lines) {
    if (line.trim() === '') continue;
    common = Math.min(common, line.length - line.trimStart().length);
  }
  if (!lines.length) return '';
  const cut = common === Infinity ? 0 : common;
  return lines.map((line) => (line.trim() === '' ? '' : line.slice(cut))).join('\n') + '\n';
}

// The element's text: textContent reads a <script type="text/x-python">
// child's text too (that wrapper spares authors from escaping `<` and `&`).
// A child script with data-file is another file of the program, not part
// of the main one, so its text is left out.
export function inlineSource(element) {
  let text = '';
  for (const node of element.childNodes ?? []) {
    if (!isFileScript(node)) text += node.textContent ?? '';
  }
  return dedent(text);
}

const isFileScript = (node) => node.nodeType === 1 && node.localName === 'script' && node.hasAttribute('data-file');

// The other files of a multi-file program: each direct child
//   <script type="text/x-python" data-file="util.py">...</script>
// becomes files[name] (dedented), for engine.run's `files`. Names follow the
// playground's rule (files.js); a bad or repeated one is a problem the embed
// lists, as it lists attribute problems, and that file is left out.
// -> {files: {name: text}, problems: [text]}
export function inlineFiles(element, mainName = MAIN_DEFAULT) {
  const files = {};
  const problems = [];
  for (const node of element.children ?? []) {
    if (!isFileScript(node)) continue;
    const name = node.getAttribute('data-file');
    const type = node.getAttribute('type');
    if (type !== 'text/x-python') {
      problems.push(`<script data-file="${name}"> needs type="text/x-python"`);
      continue;
    }
    const problem = nameProblem(name, [mainName, ...Object.keys(files)]);
    if (problem) problems.push(`data-file="${name}": ${problem}`);
    else files[name] = dedent(node.textContent ?? '');
  }
  return { files, problems };
}

// src is resolved against the host page and must be on the page's own
// origin: an embed must not become a way to pull text from elsewhere (and a
// cross-origin fetch would need CORS anyway). Redirects off-origin count too.
export async function fetchSource(src, { baseURI, origin, fetchImpl = fetch } = {}) {
  let url;
  try {
    url = new URL(src, baseURI);
  } catch {
    throw new Error(`invalid src: ${JSON.stringify(src)} is not a URL`);
  }
  if (url.origin !== origin) {
    throw new Error(`invalid src: ${url.href} is not on this page's origin (${origin})`);
  }
  const res = await fetchImpl(url.href, { credentials: 'same-origin', redirect: 'follow' });
  if (res.url && new URL(res.url).origin !== origin) {
    throw new Error(`invalid src: ${url.href} redirected off this page's origin`);
  }
  if (!res.ok) throw new Error(`could not load src ${url.href}: HTTP ${res.status}`);
  return dedent(await res.text());
}
