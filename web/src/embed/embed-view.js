// One embed's user interface, drawn into a root it is given (a shadow root
// for <rungs-kernel>): toolbar (title, rung, state, "Open in playground",
// Run), the kernel as read-only text or a plain textarea, and the selected
// views of the last result document. Everything lives in this closure and
// under `container`; nothing reaches into the page (STYLE habit 13), so any
// number of embeds coexist.
//
// The kernel text is host-supplied: it only ever goes into textContent or a
// textarea's value, never into markup.
//
//   const view = mountEmbed(container, { config, problems, siteRoot, getEngine, onState });
//   view.setSource(text); view.setFiles({name: text}); await view.run(); view.result; view.state
// The other files of a multi-file program are shown read-only under the
// main one, each in a closed <details>, and sent as engine.run's `files`.
import { RUNGS, rungNumber } from '../engine/schema.js';
import { runOptions } from './attributes.js';
import { playgroundUrl } from './state.js';
import { VIEW_RENDERERS } from './views/index.js';
import { el } from '../views/dom.js';
import { callTitle } from '../views/trace.js';
import { createStepper, stepCount } from '../views/index.js';

// "rung 2: TPU interpret mode", in the engine's own words (schema.js).
const rungLabel = (rung) => (rung === 'auto' ? 'rung: as written' : `rung ${rungNumber(rung)}: ${RUNGS[rungNumber(rung) - 1].label}`);

export const TIMEOUT_MS = 10_000;

function statusText(state, doc, message) {
  if (message) return message;
  if (state === 'running') return 'running…';
  if (state === 'done') return 'ran without errors';
  if (state === 'error' && doc?.error) {
    const e = doc.error;
    return `${e.type}${e.file ? ` in ${e.file}` : ''}${e.line > 0 ? ` on line ${e.line}` : ''}`;
  }
  return '';
}

export function mountEmbed(container, { config, problems = [], siteRoot, getEngine, onState = () => {} }) {
  let state = 'idle';
  let result = null;
  let code = '';
  let files = {}; // the program's other files, {name: text}
  let running = null; // the promise of the run in flight

  const root = el('div', {
    class: 'rk',
    'data-widget': 'embed',
    'data-state': 'idle',
    'data-theme': config.theme,
  });
  if (config.height) {
    // CSSOM, not a style attribute: allowed by a strict style-src.
    root.style.height = config.height;
  }

  const run = el('button', { class: 'rk-run', type: 'button', 'aria-label': 'Run the kernel' }, 'Run');
  const status = el('span', { class: 'rk-status', role: 'status', 'aria-live': 'polite' });
  const open = el('a', { class: 'rk-open', target: '_blank', rel: 'noopener noreferrer' }, 'Open in playground');
  root.append(
    el('div', { class: 'rk-bar' },
      el('span', { class: 'rk-title' }, 'Rungs'),
      el('span', { class: 'rk-rung' }, rungNumber(config.rung) || config.rung === 'auto' ? rungLabel(config.rung) : config.rung),
      status,
      open,
      run,
    ),
  );

  const body = el('div', { class: 'rk-body' });
  root.append(body);
  const editor = config.editable
    ? el('textarea', { class: 'rk-editor', spellcheck: 'false', autocapitalize: 'off', autocomplete: 'off', 'aria-label': 'Kernel source (Ctrl+Enter runs)' })
    : el('pre', { class: 'rk-code', tabindex: 0, 'aria-label': 'Kernel source' });
  const codeNode = config.editable ? null : el('code');
  if (codeNode) editor.append(codeNode);
  body.append(editor);
  const fileList = el('div', { class: 'rk-files', hidden: true });
  body.append(fileList);

  if (problems.length) {
    const list = el('ul', { class: 'rk-problems', role: 'alert' });
    for (const p of problems) list.append(el('li', {}, `rungs-kernel: ${p}`));
    body.append(list);
  }

  // One grid-step control (and a call picker when a program has several
  // pallas_calls) drives the stepped views together.
  const stepped = config.views.some((name) => VIEW_RENDERERS[name].stepped);
  const steps = el('div', { class: 'rk-steps', hidden: true });
  const callPicker = el('select', { 'aria-label': 'pallas_call to show', hidden: true });
  const stepperRoot = el('div', { class: 'rk-stepper' });
  let stepper = null;
  steps.append(callPicker, stepperRoot);
  if (stepped) body.append(steps);
  let position = { call: 0, step: 0 };

  const views = {};
  for (const name of config.views) {
    const slot = el('div', { class: 'rk-view-root' });
    const section = el('section', { class: 'rk-view', 'data-view': name, hidden: true },
      el('h3', {}, VIEW_RENDERERS[name].title), slot);
    views[name] = { section, slot };
    body.append(section);
  }
  container.append(root);

  const currentCode = () => (config.editable ? editor.value : code);

  function refreshLink() {
    open.href = playgroundUrl(siteRoot, currentCode(), config, files);
  }

  function setState(next, message = '') {
    state = next;
    root.dataset.state = next;
    status.textContent = statusText(next, result, message);
    run.disabled = next === 'running' || problems.length > 0;
    onState(next);
  }

  function renderViews(doc, only = null) {
    for (const [name, { section, slot }] of Object.entries(views)) {
      if (only && !only(VIEW_RENDERERS[name])) continue;
      try {
        VIEW_RENDERERS[name].render(slot, doc, position.step, { call: position.call });
      } catch (err) {
        // A view bug must not hide the others or the console.
        slot.replaceChildren(el('p', { class: 'rk-error' }, `could not draw ${name}: ${err?.message ?? err}`));
      }
      section.hidden = false;
    }
  }

  // The step control for the current call: shown when it recorded steps.
  function buildSteps(doc) {
    const calls = doc?.calls ?? [];
    callPicker.replaceChildren(
      ...calls.map((c, i) => el('option', { value: i }, callTitle(c, i))),
    );
    callPicker.hidden = calls.length < 2;
    callPicker.value = String(position.call);
    const count = stepCount(doc, position.call);
    steps.hidden = count < 2;
    stepper?.destroy(); // stops a playing timer of the previous result
    stepper = createStepper(stepperRoot, {
      count,
      step: position.step,
      onStep: (step) => {
        position = { ...position, step };
        renderViews(doc, (v) => v.stepped);
      },
    });
  }

  function render(doc) {
    position = { call: 0, step: 0 };
    if (stepped) buildSteps(doc);
    renderViews(doc);
  }

  callPicker.addEventListener('change', () => {
    position = { call: Number(callPicker.value) || 0, step: 0 };
    buildSteps(result);
    renderViews(result, (v) => v.stepped);
  });

  async function doRun() {
    if (problems.length) return result;
    setState('running');
    let doc;
    try {
      const engine = await getEngine();
      const extra = Object.keys(files).length ? { files: { ...files } } : {};
      doc = await engine.run(currentCode(), { ...runOptions(config), ...extra, timeoutMs: TIMEOUT_MS });
    } catch (err) {
      result = null;
      setState('error', `the engine could not run: ${err?.message ?? err}`);
      return null;
    }
    result = doc;
    render(doc);
    setState(doc?.ok ? 'done' : 'error');
    return doc;
  }

  run.addEventListener('click', () => {
    view.run();
  });
  if (config.editable) {
    editor.addEventListener('input', refreshLink);
    editor.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        view.run();
      } else if (event.key === 'Tab' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
        // Python wants indentation; Escape then Tab still leaves the editor.
        if (editor.dataset.escaped === '1') {
          editor.dataset.escaped = '';
          return;
        }
        event.preventDefault();
        editor.setRangeText('    ', editor.selectionStart, editor.selectionEnd, 'end');
        refreshLink();
      } else if (event.key === 'Escape') {
        editor.dataset.escaped = '1';
      }
    });
  }

  const view = {
    get state() {
      return state;
    },
    get result() {
      return result;
    },
    get source() {
      return currentCode();
    },
    get files() {
      return { ...files };
    },
    root,
    config,
    setSource(text) {
      code = String(text ?? '');
      if (config.editable) {
        editor.value = code;
        // Show the whole kernel (up to a screenful) rather than two rows.
        editor.rows = Math.min(30, Math.max(4, code.split('\n').length));
      }
      else codeNode.textContent = code;
      refreshLink();
    },
    setFiles(next) {
      files = { ...(next ?? {}) };
      fileList.replaceChildren(
        ...Object.entries(files).map(([name, text]) =>
          el('details', { class: 'rk-file', 'data-file': name }, el('summary', {}, name), el('pre', { class: 'rk-code', tabindex: 0, 'aria-label': `Source of ${name}` }, el('code', {}, text))),
        ),
      );
      fileList.hidden = !fileList.children.length;
      refreshLink();
    },
    // Runs the kernel now; a second call while one is in flight joins it.
    run() {
      running ??= doRun().finally(() => {
        running = null;
      });
      return running;
    },
    // Shown while the source loads or when it could not be loaded.
    setMessage(message, next = state) {
      setState(next, message);
    },
  };
  setState(problems.length ? 'error' : 'idle', problems.length ? `${problems.length} problem${problems.length > 1 ? 's' : ''} with this embed's attributes` : '');
  refreshLink();
  return view;
}
