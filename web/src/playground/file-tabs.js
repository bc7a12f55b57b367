// The row of file tabs above the playground's editor: one tab per file of
// the program (the main one first), then "+ File", "Rename" and "Remove",
// which act on the shown file. Names are asked for in a small inline form
// (not window.prompt: it blocks the page and cannot show why a name was
// refused), and a removal asks first, in the same form, so nothing typed is
// lost without the reader saying so. This module draws and asks; the page
// owns the project (files.js) and answers each request.
//
//   const tabs = createFileTabs(host, {controls, editable, onSelect, onAdd, onRename, onRemove});
//   (editable false: the read-only code view, where files can be looked at
//   but not made, renamed or removed)
//   tabs.render(project, shownIndex)
//   onAdd(name) / onRename(index, name) return null when done, else the
//   reason the name was refused (shown under the field); onRemove(index).
//
// Keyboard: the tabs are an ARIA tablist (arrow keys, Home, End move and
// show; F2 renames, Delete removes the focused extra file); Escape closes
// the form; Enter in it confirms.
import { el } from '../views/dom.js';

export function createFileTabs(host, { controls, editable = true, onSelect, onAdd, onRename, onRemove }) {
  let project = { files: [] };
  let shown = 0;
  let mode = null; // 'add' | 'rename' | 'remove' while the form is open
  let target = 0; // the file a rename or removal is about

  const list = el('div', { class: 'pg-file-list', role: 'tablist', 'aria-label': 'Files of the program' });
  const add = el('button', { type: 'button', class: 'pg-file-add', 'data-file-action': 'add', title: 'Add a file the program can import' }, '+ File');
  const rename = el('button', { type: 'button', 'data-file-action': 'rename' }, 'Rename');
  const remove = el('button', { type: 'button', 'data-file-action': 'remove' }, 'Remove');
  const question = el('span', { class: 'pg-file-question', id: 'pg-file-question' });
  const input = el('input', { type: 'text', class: 'pg-file-name', spellcheck: 'false', autocomplete: 'off', autocapitalize: 'off', 'aria-labelledby': 'pg-file-question', 'aria-describedby': 'pg-file-problem' });
  const ok = el('button', { type: 'submit' }, 'OK');
  const cancel = el('button', { type: 'button', 'data-file-action': 'cancel' }, 'Cancel');
  const problem = el('p', { class: 'pg-file-problem', id: 'pg-file-problem', role: 'alert' });
  const form = el('form', { class: 'pg-file-form', hidden: true }, question, input, ok, cancel, problem);
  const actions = el('div', { class: 'pg-file-actions', hidden: !editable }, add, rename, remove);
  host.replaceChildren(el('div', { class: 'pg-file-bar' }, list, actions), form);

  function render(next, index) {
    project = next;
    shown = Math.max(0, Math.min(index, project.files.length - 1));
    const focused = list.contains(document.activeElement);
    list.replaceChildren(
      ...project.files.map((f, i) =>
        el(
          'button',
          {
            type: 'button',
            role: 'tab',
            id: `pg-file-tab-${f.id}`,
            'aria-selected': String(i === shown),
            'aria-controls': controls,
            tabindex: i === shown ? 0 : -1,
            'data-file': f.name,
            title: i === 0 ? `${f.name}: the main program (runs as __main__)` : `${f.name}: import it from the main program`,
            onclick: () => onSelect(i),
          },
          f.name,
        ),
      ),
    );
    // The editor is the panel of the shown tab.
    const id = project.files[shown]?.id;
    if (id) host.ownerDocument.getElementById(controls)?.setAttribute('aria-labelledby', `pg-file-tab-${id}`);
    const name = project.files[shown]?.name ?? '';
    rename.setAttribute('aria-label', `Rename ${name}`);
    remove.setAttribute('aria-label', `Remove ${name}`);
    remove.disabled = shown === 0; // a run needs its main program
    remove.title = shown === 0 ? 'The main program cannot be removed' : `Remove ${name}`;
    if (focused) list.children[shown]?.focus();
  }

  function open(nextMode, index = shown) {
    mode = nextMode;
    target = index;
    const name = project.files[index]?.name ?? '';
    problem.textContent = '';
    input.removeAttribute('aria-invalid');
    input.hidden = mode === 'remove';
    ok.textContent = { add: 'Add', rename: 'Rename', remove: 'Remove' }[mode];
    cancel.textContent = mode === 'remove' ? 'Keep it' : 'Cancel';
    question.textContent = {
      add: 'New file name (ends in .py; folders with /, as in pkg/util.py):',
      rename: `New name for ${name}:`,
      remove: `Remove ${name} and its ${lineCount(project.files[index]?.source)}? Its text cannot be brought back.`,
    }[mode];
    input.value = mode === 'rename' ? name : '';
    form.hidden = false;
    (mode === 'remove' ? ok : input).focus();
    if (mode === 'rename') input.setSelectionRange(0, Math.max(0, name.length - 3));
  }

  function close() {
    mode = null;
    form.hidden = true;
    problem.textContent = '';
    list.children[shown]?.focus();
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (mode === 'remove') {
      const index = target;
      close();
      onRemove(index);
      return;
    }
    const name = input.value.trim();
    const refused = mode === 'add' ? onAdd(name) : onRename(target, name);
    if (refused) {
      problem.textContent = refused;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    close();
  });
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  });
  cancel.addEventListener('click', close);
  add.addEventListener('click', () => open('add'));
  rename.addEventListener('click', () => open('rename'));
  remove.addEventListener('click', () => open('remove'));

  // The ARIA tabs pattern, plus F2 and Delete on the focused tab.
  list.addEventListener('keydown', (event) => {
    const count = project.files.length;
    if (editable && event.key === 'F2') return open('rename');
    if (editable && event.key === 'Delete' && shown > 0) return open('remove');
    const next = { ArrowRight: shown + 1, ArrowLeft: shown - 1, Home: 0, End: count - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect((next + count) % count);
    list.children[shown]?.focus();
  });

  return { render, open, close };
}

function lineCount(text = '') {
  const n = text === '' ? 0 : text.replace(/\n$/, '').split('\n').length;
  return `${n} line${n === 1 ? '' : 's'}`;
}
