// The playground page (/playground/): wires the editor, the run controls,
// the engine and the results panel together. State that must survive lives
// in two places only: the URL hash (share links, share.js) and localStorage
// (the last edit, storage.js). A program may have several files (files.js;
// the tabs above the editor, file-tabs.js): the editor shows one at a time
// and every run sends the others as engine.run's `files`. The page exposes
// `window.rungsPlayground` (getSource, setSource, run, compare, lower,
// markers, selectedLine, state, files, shownFile, showFile) for the console
// and the end-to-end tests, next to the site-wide `window.rungs` engine.
import '../site/base.css';
import '../views/views.css';
import './playground.css';
import { errorDocument } from '../engine/engine.js';
import { rungs } from '../engine/global.js';
import { applyStoredTheme, cycleTheme, effectiveTheme, storedTheme } from '../site/theme.js';
import { colabSnippet } from './colab.js';
import { createControls } from './controls.js';
import { isParseError, runMarkersByFile } from './diagnostics.js';
import { createEditor, prefersPlainEditor } from './editor.js';
import { createFileTabs } from './file-tabs.js';
import { addFile, createProject, indexOfName, indexOfSource, removeFile, renameFile, runFiles, serializeFiles, setSource } from './files.js';
import { DEFAULT_KERNEL, GALLERY, kernelById } from './gallery.js';
import { createLinter } from './lint.js';
import { encodeNpy } from './npy.js';
import { createResults } from './results.js';
import { DEFAULT_SETTINGS, runOptions } from './settings.js';
import { decodeState, encodeState } from './share.js';
import { loadLast, saveLast } from './storage.js';

const RUN_TIMEOUT_MS = 20_000;

applyStoredTheme();
const root = document.querySelector('[data-widget="playground"]');
const part = (role) => root.querySelector(`[data-role="${role}"]`);
const message = part('message');
const dialog = part('dialog');

function showMessage(text, kind = 'info') {
  message.textContent = text;
  message.dataset.kind = kind;
  message.hidden = !text;
}

// The state to start from: a share link, else the last edit, else the headline kernel.
function initialState() {
  const shared = decodeState(location.hash);
  if (!shared.ok) showMessage(shared.error, 'error');
  if (shared.state) return { ...shared.state, fromLink: true };
  const last = loadLast();
  if (last) return last;
  return { source: kernelById(DEFAULT_KERNEL)?.source ?? '', settings: DEFAULT_SETTINGS, kernel: DEFAULT_KERNEL };
}

const start = initialState();
// The program's files; the editor shows project.files[shown].
let project = createProject(start.source, start.filename, start.files ?? {});
let shown = 0;
let running = false;
let saveTimer = null;
let runMarkedParseError = false; // the run markers hold a syntax error

const controls = createControls(part('controls'), {
  gallery: GALLERY,
  onChange: () => scheduleSave(),
  onPick(id) {
    const k = kernelById(id);
    if (!k) return;
    // A gallery kernel is a main program; the other files stay as they are.
    showFile(0);
    editor.setValue(k.source);
    controls.setKernel(id);
    if (k.devices) controls.setDevices(k.devices);
    scheduleSave();
    run();
  },
});
controls.write(start.settings);
controls.setKernel(start.kernel && kernelById(start.kernel)?.source === start.source ? start.kernel : null);

const results = createResults(part('results'), {
  onSource: revealSource,
  onDownload: download,
  // Beside the editor, the memory timeline reaches down to the editor's
  // bottom; stacked below it (a narrow screen), it keeps its own height.
  fitBottom() {
    const editorBox = part('editor').getBoundingClientRect();
    return editorBox.right <= part('results').getBoundingClientRect().left ? editorBox.bottom : null;
  },
});
results.init();

// As-you-type check: the engine parses the shown file (nothing runs) and
// its diagnostics become that file's markers (the answer may arrive after
// the reader has switched tabs, so it goes to the file it was about).
let lintedDoc = null;
const linter = createLinter({
  engine: rungs,
  source() {
    lintedDoc = editor.doc();
    return editor.getValue();
  },
  busy: () => running,
  onMarkers(markers) {
    editor.setMarkers('rungs-syntax', markers, lintedDoc);
    // A run's syntax-error marker is as stale as the text it was about.
    if (runMarkedParseError) {
      for (const f of project.files) editor.setMarkers('rungs-run', [], f.id);
      runMarkedParseError = false;
    }
  },
});

const editor = await createEditor(part('editor'), {
  value: project.files[0].source,
  doc: project.files[0].id,
  plain: prefersPlainEditor(),
  dark: effectiveTheme() === 'dark',
  onRun: () => run(),
  onChange(text) {
    project = setSource(project, shown, text);
    const id = controls.kernel();
    if (shown === 0 && id && kernelById(id)?.source !== text) controls.setKernel(null);
    scheduleSave();
    linter.schedule();
  },
});
root.dataset.editor = editor.kind;

const fileTabs = createFileTabs(part('files'), {
  controls: part('editor').id,
  editable: editor.kind !== 'plain',
  onSelect: showFile,
  onAdd(name) {
    const added = addFile(project, name);
    if (!added.ok) return added.error;
    project = added.project;
    showFile(added.index);
    scheduleSave();
    return null;
  },
  onRename(index, name) {
    const renamed = renameFile(project, index, name);
    if (!renamed.ok) return renamed.error;
    project = renamed.project;
    fileTabs.render(project, shown);
    scheduleSave();
    return null;
  },
  onRemove(index) {
    const gone = project.files[index];
    project = removeFile(project, index);
    showFile(index === shown ? 0 : shown > index ? shown - 1 : shown);
    editor.dropDoc(gone.id);
    scheduleSave();
  },
});
fileTabs.render(project, shown);
addDocs();

// Every file has its editor document from the start, so a run's markers
// land on a file the reader has not opened yet.
function addDocs() {
  for (const f of project.files) editor.addDoc(f.id, f.source);
}

// Shows file `index` in the editor (its own text, markers and undo history).
function showFile(index) {
  const f = project.files[index];
  if (!f) return;
  shown = index;
  editor.openDoc(f.id, f.source);
  fileTabs.render(project, shown);
}

// Replaces the whole program (a share link pasted into the address bar).
function loadProject(state) {
  const old = project;
  project = createProject(state.source, state.filename, state.files ?? {});
  addDocs();
  showFile(0);
  for (const f of old.files) editor.dropDoc(f.id);
}

// A location from the results ({file?, line, col, ...}): the file's tab
// comes to the front, then the range is selected there.
function revealSource(src, opts) {
  const index = indexOfSource(project, src);
  if (index < 0) return showMessage(`${src.file} is not one of this program's files.`, 'error');
  if (index !== shown) showFile(index);
  editor.reveal(src, opts);
}

function currentState() {
  return { source: project.files[0].source, settings: controls.read(), kernel: controls.kernel(), ...serializeFiles(project) };
}

function scheduleSave() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    saveTimer = null;
    saveLast(currentState());
  }, 300);
}

// An edit made just before the reader leaves (or reloads) is saved now
// rather than lost with the page's pending timer.
window.addEventListener('pagehide', () => {
  if (saveTimer === null) return;
  clearTimeout(saveTimer);
  saveTimer = null;
  saveLast(currentState());
});

function setState(state) {
  root.dataset.state = state;
}

async function run({ step, rung } = {}) {
  if (running) return;
  running = true;
  linter.cancel(); // a lint answer that arrives now is stale
  const source = project.files[0].source;
  const settings = controls.read();
  setState('running');
  let doc;
  try {
    doc = await rungs.run(source, { ...runOptions(settings, { trace: true, timeoutMs: RUN_TIMEOUT_MS }), ...runFiles(project), ...(rung ? { rung } : {}) });
  } catch (err) {
    // The engine never saw this run (e.g. it could not start): the page's
    // own failure, as a document of the registry's internal_error.
    doc = errorDocument(String(err?.message ?? err), { id: 'internal_error' });
  }
  running = false;
  // One marker per problem: a run's error replaces the as-you-type one, in
  // whichever file it was raised.
  const byFile = runMarkersByFile(doc, project.files.map((f) => f.name));
  for (const f of project.files) {
    editor.setMarkers('rungs-syntax', [], f.id);
    editor.setMarkers('rungs-run', byFile.get(f.name) ?? [], f.id);
  }
  runMarkedParseError = isParseError(doc.error);
  results.showRun(doc);
  if (Number.isInteger(step)) {
    results.setStep(step);
    results.selectTab('walk');
  }
  setState(doc.ok ? 'done' : 'error');
  return doc;
}

// "Lower for TPU": rung 3 lowers each kernel for its TPU host before running
// it; the Lowered tab shows the module with the kernel's lines linked.
async function lower() {
  const doc = await run({ rung: 'chip' });
  if (doc) results.selectTab('lowered');
  return doc;
}

async function compare() {
  if (running) return;
  running = true;
  setState('running');
  const settings = controls.read();
  let comparison;
  try {
    const { params } = runOptions(settings);
    comparison = await rungs.compare(project.files[0].source, { ...(params ? { params } : {}), ...runFiles(project), timeoutMs: RUN_TIMEOUT_MS * 3 });
  } catch (err) {
    comparison = null;
    showMessage(`Compare failed: ${err?.message ?? err}`, 'error');
  }
  running = false;
  if (comparison) results.showCompare(comparison);
  setState(comparison?.rungs ? 'done' : 'error');
  return comparison;
}

function download(name, value) {
  try {
    const bytes = encodeNpy(value);
    const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${name}.npy`;
    root.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    if (value.dtype === 'bfloat16') showMessage(`${name}.npy is float32: NumPy has no bfloat16, and every bfloat16 value is exact in float32.`);
  } catch (err) {
    showMessage(`Could not export ${name}: ${err.message}`, 'error');
  }
}

// Clipboard when allowed; otherwise a dialog with the text selected.
async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    showMessage(`${what} copied to the clipboard.`);
  } catch {
    const area = dialog.querySelector('textarea');
    dialog.querySelector('[data-role="dialog-title"]').textContent = `${what}: copy it from here`;
    area.value = text;
    dialog.showModal?.();
    if (!dialog.open) dialog.setAttribute('open', '');
    area.focus();
    area.select();
  }
}

async function share() {
  let hash;
  try {
    const state = currentState();
    const s = results.state();
    hash = encodeState({ ...state, step: s.doc && s.tab === 'walk' ? s.step : undefined });
  } catch (err) {
    showMessage(err.message, 'error');
    return;
  }
  history.replaceState(null, '', hash);
  await copyText(location.href, 'Share link');
}

root.addEventListener('click', (event) => {
  const action = event.target.closest?.('[data-action]')?.dataset.action;
  if (action === 'run') run();
  else if (action === 'compare') compare();
  else if (action === 'lower') lower();
  else if (action === 'share') share();
  else if (action === 'colab') copyText(colabSnippet(project.files[0].source, controls.read(), serializeFiles(project)), 'Colab snippet');
  else if (action === 'wrap') {
    const on = event.target.closest('[data-action]').getAttribute('aria-pressed') !== 'true';
    event.target.closest('[data-action]').setAttribute('aria-pressed', String(on));
    editor.setWordWrap(on);
  } else if (action === 'theme') {
    const t = cycleTheme();
    editor.setTheme(effectiveTheme() === 'dark');
    event.target.textContent = `Theme: ${t}`;
  } else if (action === 'close-dialog') dialog.close?.() ?? dialog.removeAttribute('open');
});
part('theme').textContent = `Theme: ${storedTheme()}`;
// A message stays until the next one, or until the reader clicks it away.
message.title = 'click to dismiss';
message.addEventListener('click', () => showMessage(''));

// Ctrl/Cmd+Enter anywhere in the playground runs (Monaco handles it itself
// while it has focus).
root.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.defaultPrevented) {
    event.preventDefault();
    run();
  }
});

// A share link pasted into this tab's address bar.
window.addEventListener('hashchange', () => {
  const shared = decodeState(location.hash);
  if (!shared.ok) return showMessage(shared.error, 'error');
  if (!shared.state) return;
  loadProject(shared.state);
  controls.write(shared.state.settings);
  controls.setKernel(shared.state.kernel && kernelById(shared.state.kernel)?.source === shared.state.source ? shared.state.kernel : null);
  run({ step: shared.state.step });
});

window.rungsPlayground = Object.freeze({
  // getSource/setSource/markers act on the shown file.
  getSource: () => editor.getValue(),
  setSource: (text) => editor.setValue(text),
  files: () => project.files.map(({ name, source }) => ({ name, source })),
  shownFile: () => project.files[shown].name,
  showFile: (name) => showFile(indexOfName(project, name)),
  run,
  compare,
  lower,
  markers: (owner) => editor.markers(owner),
  selectedLine: () => editor.selectedLine(),
  state: () => results.state(),
  editorKind: editor.kind,
});

run({ step: start.fromLink ? start.step : undefined });
