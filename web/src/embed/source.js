// Where an embed's kernel text comes from: the element's own text, or a file
// named by its `src` attribute. Either way the result is a plain string that
// is only ever shown with textContent / textarea.value and sent to the engine;
// nothing here parses it as HTML or script.

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
export function inlineSource(element) {
  return dedent(element.textContent ?? '');
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
