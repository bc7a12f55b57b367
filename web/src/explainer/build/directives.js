// Container directives for content/*.md (STYLE habit 15), as a markdown-it
// plugin:
//
//   :::widget oob                 a live widget; its content is rendered
//   ```python name=kernel         inside the widget root, so the page reads
//   ...                           well before (and without) JavaScript
//   ```
//   :::part tpu title="Rung 2"    a named piece of a widget (nested by depth,
//   ...                           so ::: can close either level)
//   :::
//   :::
//
//   :::kernel rung=tpu expect=tpu_oob_read   one runnable python block
//
// Anything malformed throws a ContentError naming file:line, which fails
// the build: an unknown directive or widget, a bad attribute, an unclosed
// or stray marker, a missing named python block, a part outside a widget.
import { ContentError } from './content-error.js';
import { DIRECTIVES, FENCE_ATTRS, WIDGETS } from './schema.js';

const MARKER = /^(:{3,})(.*)$/;
const ARG = /\s*(?:([A-Za-z_][\w-]*)=(?:"([^"]*)"|(\S+))|(\S+))/gy;

// "name key=value key="quoted value"" -> {positional: [...], attrs: {...}}
export function parseArgs(text, where) {
  const positional = [];
  const attrs = {};
  ARG.lastIndex = 0;
  const rest = text.trim();
  let m;
  while (ARG.lastIndex < rest.length && (m = ARG.exec(rest))) {
    if (m[4] !== undefined) {
      if (m[4].includes('=') || m[4].includes('"')) where(`malformed attribute '${m[4]}' (write key=value or key="a value")`);
      positional.push(m[4]);
    } else {
      if (m[3]?.includes('"')) where(`malformed attribute '${m[1]}=${m[3]}' (an unterminated quote?)`);
      if (Object.hasOwn(attrs, m[1])) where(`attribute '${m[1]}' is given twice`);
      attrs[m[1]] = m[2] ?? m[3];
    }
  }
  if (ARG.lastIndex < rest.length) where(`cannot read '${rest.slice(ARG.lastIndex)}'`);
  return { positional, attrs };
}

function checkAttrs(attrs, allowed, what, fail) {
  for (const [key, value] of Object.entries(attrs)) {
    const check = allowed?.[key];
    if (!check) {
      const known = Object.keys(allowed ?? {});
      fail(`${what} has no attribute '${key}'${known.length ? ` (known: ${known.join(', ')})` : ''}`);
    }
    const ok = check(value);
    if (ok !== true) fail(`${what}: attribute ${key}=${value} must be ${ok}`);
  }
}

// Parses and validates one opening line; returns the directive's meta.
export function parseOpener(info, fail) {
  const [word, ...restWords] = info.trim().split(/\s+/);
  const kind = DIRECTIVES[word];
  if (!word || !kind) {
    fail(`unknown directive ':::${word ?? ''}' (known: ${Object.keys(DIRECTIVES).join(', ')})`);
  }
  const { positional, attrs } = parseArgs(restWords.join(' '), fail);
  const meta = { kind: word, name: null, attrs, fences: [], parts: [] };
  if (kind.positional) {
    if (positional.length !== 1) fail(`':::${word}' needs exactly one ${kind.positional}, got ${positional.length}`);
    meta.name = positional[0];
  } else if (positional.length) {
    fail(`':::${word}' takes no ${positional.length > 1 ? 'names' : 'name'}, got '${positional.join(' ')}'`);
  }
  if (word === 'widget') {
    const spec = WIDGETS[meta.name];
    if (!spec) fail(`unknown widget '${meta.name}' (known: ${Object.keys(WIDGETS).join(', ')})`);
    checkAttrs(attrs, spec.attrs, `widget '${meta.name}'`, fail);
  } else if (word === 'kernel') {
    checkAttrs(attrs, kind.attrs, ':::kernel', fail);
  } else if (word === 'part' && !/^[a-z][a-z0-9_-]*$/.test(meta.name)) {
    fail(`part name '${meta.name}' must be a lowercase identifier`);
  }
  return meta;
}

function fenceInfo(info) {
  const [lang = '', ...rest] = info.trim().split(/\s+/);
  return { lang, rest: rest.join(' ') };
}

// The block rule: an opener, its content up to the matching closer
// (tracking nested openers and skipping fenced code), then the closer.
function directiveRule(state, startLine, endLine, silent) {
  const src = state.src;
  const lineText = (n) => src.slice(state.bMarks[n] + state.tShift[n], state.eMarks[n]);
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  const first = MARKER.exec(lineText(startLine));
  if (!first) return false;
  const file = state.env.file ?? '<content>';
  const fail = (line) => (message) => {
    throw new ContentError(file, line + 1, message);
  };
  if (!first[2].trim()) {
    if (silent) return false;
    fail(startLine)(`closing '${first[1]}' with no open directive`);
  }
  if (silent) return true;
  const meta = parseOpener(first[2], fail(startLine));
  meta.line = startLine + 1;
  meta.startLine = startLine;

  let depth = 1;
  let fence = null;
  let closeLine = -1;
  for (let n = startLine + 1; n < endLine; n += 1) {
    const text = lineText(n);
    const f = /^(`{3,}|~{3,})/.exec(text);
    if (fence) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length && !text.slice(f[1].length).trim()) fence = null;
      continue;
    }
    if (f) {
      fence = f[1];
      continue;
    }
    const m = MARKER.exec(text);
    if (!m) continue;
    depth += m[2].trim() ? 1 : -1;
    if (depth === 0) {
      closeLine = n;
      break;
    }
  }
  if (closeLine < 0) fail(startLine)(`':::${meta.kind}${meta.name ? ` ${meta.name}` : ''}' is never closed`);
  // The part's own Markdown minus python blocks (a notebook's markdown cell).
  const body = [];
  for (let n = startLine + 1; n < closeLine; n += 1) body.push(src.slice(state.bMarks[n], state.eMarks[n]));
  meta.prose = body.join('\n').replace(/^```python[^\n]*\n[\s\S]*?^```\s*$/gm, '').trim();

  const oldParent = state.parentType;
  const oldLineMax = state.lineMax;
  state.parentType = 'directive';
  state.lineMax = closeLine;
  const open = state.push('directive_open', 'section', 1);
  open.block = true;
  open.meta = meta;
  open.map = [startLine, closeLine];
  state.md.block.tokenize(state, startLine + 1, closeLine);
  if (meta.attrs.src) {
    // The widget's body lives in its own folder (content/<src>/*.md).
    if (!state.env.include) fail(startLine)(`src=${meta.attrs.src} cannot be included here`);
    const html = state.env.include(meta);
    const block = state.push('html_block', '', 0);
    block.content = html;
  }
  const close = state.push('directive_close', 'section', -1);
  close.block = true;
  close.meta = meta;
  state.parentType = oldParent;
  state.lineMax = oldLineMax;
  state.line = closeLine + 1;
  return true;
}

// After parsing: the structure each directive promises (schema.js).
function validate(state) {
  const file = state.env.file ?? '<content>';
  // An included file (src=) is validated as the body of its widget.
  const stack = state.env.outerWidget ? [state.env.outerWidget] : [];
  for (const token of state.tokens) {
    if (token.type === 'directive_open') {
      const meta = token.meta;
      meta.fences ??= [];
      meta.parts ??= [];
      const parent = stack.at(-1);
      if (meta.kind === 'part') {
        if (parent?.kind !== 'widget') {
          throw new ContentError(file, meta.line, `':::part ${meta.name}' must sit directly inside a ':::widget'`);
        }
        const spec = WIDGETS[parent.name];
        const fail = (m) => {
          throw new ContentError(file, meta.line, m);
        };
        checkAttrs(meta.attrs, spec.partAttrs, `part '${meta.name}' of widget '${parent.name}'`, fail);
        meta.parent = parent.name;
        parent.parts.push(meta);
      }
      if (meta.kind !== 'part') {
        const name = meta.kind === 'kernel' ? 'kernel' : meta.name;
        const widgets = (state.env.widgets ??= new Map());
        if (name !== 'kernel' && widgets.has(name)) {
          throw new ContentError(file, meta.line, `widget '${name}' appears twice (first at ${widgets.get(name)})`);
        }
        widgets.set(name, `${file}:${meta.line}`);
      }
      stack.push(meta);
    } else if (token.type === 'directive_close') {
      finish(stack.pop(), file);
    } else if (token.type === 'fence' && fenceInfo(token.info).lang === 'python' && stack.length) {
      const { rest } = fenceInfo(token.info);
      const line = token.map[0] + 1;
      const { positional, attrs } = parseArgs(rest, (m) => {
        throw new ContentError(file, line, m);
      });
      if (positional.length) throw new ContentError(file, line, `python block: unexpected '${positional.join(' ')}'`);
      checkAttrs(attrs, FENCE_ATTRS, 'python block', (m) => {
        throw new ContentError(file, line, m);
      });
      stack.at(-1).fences.push({ name: attrs.name ?? null, line });
    }
  }
}

function finish(meta, file) {
  const fail = (m) => {
    throw new ContentError(file, meta.line, m);
  };
  if (meta.kind === 'kernel') {
    if (meta.fences.length !== 1) fail(`':::kernel' must hold exactly one python block, found ${meta.fences.length}`);
    return;
  }
  if (meta.kind === 'part') return;
  const spec = WIDGETS[meta.name];
  const names = meta.parts.map((p) => p.name);
  if (spec.parts === null && names.length) fail(`widget '${meta.name}' takes no parts`);
  if (Array.isArray(spec.parts)) {
    const missing = spec.parts.filter((p) => !names.includes(p));
    const extra = names.filter((p) => !spec.parts.includes(p));
    if (missing.length) fail(`widget '${meta.name}' needs part(s) ${missing.join(', ')}`);
    if (extra.length) fail(`widget '${meta.name}' has no part(s) ${extra.join(', ')}`);
  }
  if (spec.parts === 'any' && !names.length && !meta.attrs.src) fail(`widget '${meta.name}' needs at least one part`);
  if (new Set(names).size !== names.length) fail(`widget '${meta.name}' repeats a part name`);
  for (const want of spec.fences ?? []) {
    if (!meta.fences.some((f) => f.name === want)) fail(`widget '${meta.name}' needs a python block with name=${want}`);
  }
  if (spec.partFence) {
    for (const part of meta.parts) {
      if (part.fences.length !== 1) {
        throw new ContentError(file, part.line, `part '${part.name}' must hold exactly one python block, found ${part.fences.length}`);
      }
    }
  }
}

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function dataAttrs(attrs) {
  return Object.entries(attrs)
    .map(([k, v]) => ` data-${k}="${esc(v)}"`)
    .join('');
}

function renderOpen(tokens, idx) {
  const { kind, name, attrs } = tokens[idx].meta;
  if (kind === 'part') {
    const md = tokens[idx].meta.parent === 'notebook' ? ` data-md="${esc(tokens[idx].meta.prose)}"` : '';
    return `<div class="part" data-part="${esc(name)}"${dataAttrs(attrs)}${md}>\n`;
  }
  const widget = kind === 'kernel' ? 'kernel' : name;
  return `<section class="widget widget-${esc(widget)}" data-widget="${esc(widget)}" data-state="idle"${dataAttrs(attrs)}>\n`;
}

function renderClose(tokens, idx) {
  return tokens[idx].meta.kind === 'part' ? '</div>\n' : '</section>\n';
}

// Python blocks render as <pre data-lang=python data-name=...>, the form
// widgets read their programs from; every block is recorded in env for the
// engine's syntax check. A block scrolls sideways on a phone rather than
// widen the page, so it takes keyboard focus (tabindex=0) to be scrollable
// without a mouse.
function renderFence(tokens, idx, options, env) {
  const token = tokens[idx];
  const { lang, rest } = fenceInfo(token.info);
  const line = token.map[0] + 1;
  if (lang === 'python') {
    const { attrs } = parseArgs(rest, () => {});
    (env.pythonBlocks ??= []).push({ file: env.file, line: line + 1, code: token.content });
    const name = attrs.name ? ` data-name="${esc(attrs.name)}"` : '';
    return `<pre class="code" data-lang="python"${name} tabindex="0"><code>${esc(token.content)}</code></pre>\n`;
  }
  return `<pre class="code"${lang ? ` data-lang="${esc(lang)}"` : ''} tabindex="0"><code>${esc(token.content)}</code></pre>\n`;
}

export function directivesPlugin(md) {
  md.block.ruler.before('fence', 'directive', directiveRule, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.core.ruler.after('block', 'directive_validate', validate);
  md.renderer.rules.directive_open = renderOpen;
  md.renderer.rules.directive_close = renderClose;
  md.renderer.rules.fence = renderFence;
}
