// The code editor: Monaco where it works, a read-only code view on touch
// devices where it does not (Monaco has no usable touch editing). Both offer
// the same small API, so the page does not care which one it got:
//   const ed = await createEditor(host, {value, onChange, onRun, plain})
//   ed.kind ('monaco' | 'plain'), ed.getValue(), ed.setValue(text),
//   ed.setMarkers(owner, markers)  (diagnostics.js marker descriptions),
//   ed.reveal(source, {focus = true})  (a {line, col, end_line, end_col} range),
//   ed.selectedLine(),
//   ed.markers(owner), ed.setTheme(dark), ed.setWordWrap(on), ed.focus()
// A program of several files is several documents, one per file, each with
// its own text, markers and (in Monaco) undo history; `id`s name them:
//   ed.addDoc(id, text)    creates document `id` (not shown) unless it exists
//   ed.openDoc(id, text)   shows document `id`, creating it with `text`
//   ed.dropDoc(id), ed.doc()  (the shown one; the first is options.doc ?? 'main')
//   getValue, setMarkers and markers take an optional id (default: the shown
//   one); an id the editor does not have reads as empty and takes no markers.
import { el } from '../views/dom.js';

// Touch-only devices (no fine pointer anywhere) get the plain view; ?editor=plain forces it.
export function prefersPlainEditor(win = globalThis) {
  if (/[?&]editor=plain\b/.test(win.location?.search ?? '')) return true;
  const mq = (q) => Boolean(win.matchMedia?.(q).matches);
  return mq('(pointer: coarse)') && !mq('(any-pointer: fine)');
}

export async function createEditor(host, options) {
  if (options.plain) return plainEditor(host, options);
  try {
    const { setupMonaco } = await import('./monaco.js');
    return monacoEditor(host, setupMonaco(), options);
  } catch (err) {
    // A browser Monaco cannot run in still gets a working page.
    console.warn('Monaco failed to load; showing the read-only code view', err);
    return plainEditor(host, options);
  }
}

// Monaco's own themes put comments and line numbers below 4.5:1 contrast.
// The site's theme is Monaco's, recoloured from the design tokens the page
// shows right now (call after the page's theme has changed), so the editor
// matches the page and its text is readable.
function siteTheme(monaco, dark) {
  const css = getComputedStyle(document.documentElement);
  // Monaco wants #rrggbb; the built CSS may have shortened a token to #fff.
  // A canvas context normalises any colour it is given to that form.
  const ctx = document.createElement('canvas').getContext('2d');
  const token = (name) => {
    ctx.fillStyle = css.getPropertyValue(name).trim();
    return ctx.fillStyle;
  };
  const name = dark ? 'rungs-dark' : 'rungs-light';
  monaco.editor.defineTheme(name, {
    base: dark ? 'vs-dark' : 'vs',
    inherit: true,
    rules: [{ token: 'comment', foreground: token('--rg-muted').replace('#', ''), fontStyle: 'italic' }],
    colors: {
      'editor.background': token('--rg-bg'),
      'editor.foreground': token('--rg-fg'),
      'editorLineNumber.foreground': token('--rg-muted'),
      'editorLineNumber.dimmedForeground': token('--rg-muted'),
      'editorLineNumber.activeForeground': token('--rg-fg'),
      'editorGutter.background': token('--rg-bg'),
    },
  });
  return name;
}

function monacoEditor(host, monaco, { value, onChange, onRun, dark, doc = 'main' }) {
  const models = new Map([[doc, monaco.editor.createModel(value, 'python')]]);
  let shown = doc;
  const modelOf = (id = shown) => models.get(id);
  const addDoc = (id, text = '') => {
    if (!models.has(id)) models.set(id, monaco.editor.createModel(text, 'python'));
  };
  const editor = monaco.editor.create(host, {
    model: models.get(doc),
    automaticLayout: true,
    minimap: { enabled: false },
    fontSize: 13,
    scrollBeyondLastLine: false,
    tabSize: 4,
    insertSpaces: true,
    theme: siteTheme(monaco, dark),
    ariaLabel: 'Kernel source (Python); Ctrl+Enter or Cmd+Enter runs it',
    fixedOverflowWidgets: true,
  });
  editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => onRun?.());
  editor.onDidChangeModelContent(() => onChange?.(editor.getValue()));
  const severity = { error: monaco.MarkerSeverity.Error, warning: monaco.MarkerSeverity.Warning, info: monaco.MarkerSeverity.Info };
  return {
    kind: 'monaco',
    getValue: (id) => modelOf(id)?.getValue() ?? '',
    doc: () => shown,
    addDoc,
    openDoc(id, text = '') {
      addDoc(id, text);
      shown = id;
      editor.setModel(models.get(id));
    },
    dropDoc(id) {
      if (id === shown || !models.has(id)) return;
      models.get(id).dispose();
      models.delete(id);
    },
    setValue(text) {
      // pushEditOperations keeps undo history, so a gallery pick can be undone.
      const model = editor.getModel();
      editor.pushUndoStop();
      model.pushEditOperations([], [{ range: model.getFullModelRange(), text }], () => null);
      editor.pushUndoStop();
    },
    setMarkers(owner, markers, id) {
      if (!modelOf(id)) return;
      monaco.editor.setModelMarkers(modelOf(id), owner, markers.map((m) => ({ ...m, severity: severity[m.severity] ?? monaco.MarkerSeverity.Error })));
    },
    markers: (owner, id) => (modelOf(id) ? monaco.editor.getModelMarkers({ owner, resource: modelOf(id).uri }) : []),
    reveal(src, { focus = true } = {}) {
      if (!(src?.line > 0)) return;
      const range = {
        startLineNumber: src.line,
        startColumn: Math.max(1, src.col || 1),
        endLineNumber: src.end_line > 0 ? src.end_line : src.line,
        endColumn: src.end_col > 0 ? src.end_col : (src.col || 1) + 1,
      };
      editor.revealRangeInCenter(range);
      editor.setSelection(range);
      if (focus) editor.focus();
    },
    setTheme: (isDark) => monaco.editor.setTheme(siteTheme(monaco, isDark)),
    setWordWrap: (on) => editor.updateOptions({ wordWrap: on ? 'on' : 'off' }),
    focus: () => editor.focus(),
    selectedLine: () => editor.getSelection()?.startLineNumber ?? null,
  };
}

// The read-only view: one span per line, markers as line classes and titles.
function plainEditor(host, { value, doc = 'main' }) {
  const docs = new Map([[doc, { text: value, markers: new Map() }]]); // id -> {text, markers: owner -> list}
  let shown = doc;
  let text = value;
  let revealed = null;
  let markers = docs.get(doc).markers;
  const docOf = (id = shown) => docs.get(id);
  const addDoc = (id, t = '') => {
    if (!docs.has(id)) docs.set(id, { text: t, markers: new Map() });
  };
  // A read-only multi-line text box (the role that allows aria-readonly), focusable so it scrolls by keyboard.
  const pre = el('pre', { class: 'pg-code', tabindex: 0, role: 'textbox', 'aria-multiline': 'true', 'aria-readonly': 'true', 'aria-label': 'Kernel source (read-only on this device)' });
  host.replaceChildren(el('p', { class: 'pg-note' }, 'This device gets a read-only code view; pick kernels from the gallery, change settings and run them.'), pre);
  const draw = () => {
    const marked = new Map();
    for (const list of markers.values()) for (const m of list) marked.set(m.startLineNumber, m);
    pre.replaceChildren(
      ...text.split('\n').map((line, i) => {
        const m = marked.get(i + 1);
        return el('span', { class: `pg-line${m ? ` pg-line-${m.severity}` : ''}`, 'data-line': i + 1, title: m ? m.message : null }, `${line}\n`);
      }),
    );
  };
  draw();
  return {
    kind: 'plain',
    getValue: (id) => docOf(id)?.text ?? '',
    doc: () => shown,
    addDoc,
    openDoc(id, t = '') {
      addDoc(id, t);
      shown = id;
      ({ text, markers } = docs.get(id));
      draw();
    },
    dropDoc(id) {
      if (id !== shown) docs.delete(id);
    },
    setValue(t) {
      text = t;
      docs.get(shown).text = t;
      draw();
    },
    setMarkers(owner, list, id) {
      if (!docOf(id)) return;
      docOf(id).markers.set(owner, list);
      if (docOf(id) === docs.get(shown)) draw();
    },
    markers: (owner, id) => docOf(id)?.markers.get(owner) ?? [],
    reveal(src) {
      const line = pre.querySelector(`[data-line="${Number(src?.line)}"]`);
      for (const old of pre.querySelectorAll('.pg-line-revealed')) old.classList.remove('pg-line-revealed');
      line?.scrollIntoView?.({ block: 'center' });
      line?.classList.add('pg-line-revealed');
      revealed = line ? Number(src.line) : revealed;
    },
    setTheme() {},
    setWordWrap(on) {
      pre.classList.toggle('pg-wrap', on);
    },
    focus: () => pre.focus(),
    selectedLine: () => revealed,
  };
}
