// @vitest-environment jsdom
// The file tabs above the playground's editor (file-tabs.js), driven as a
// reader would: the + File form, a refused name shown beside the field,
// rename, a removal that asks first, and the keyboard.
import { beforeEach, describe, expect, it } from 'vitest';
import { createFileTabs } from '../../../web/src/playground/file-tabs.js';
import { addFile, createProject, removeFile, renameFile } from '../../../web/src/playground/files.js';

let project;
let shown;
let tabs;
let host;

// A page in miniature: the project lives here, as in main.js.
beforeEach(() => {
  document.body.innerHTML = '<div id="files"></div><div id="pg-editor" role="tabpanel"></div>';
  host = document.getElementById('files');
  project = createProject('import util\n', 'kernel.py', { 'util.py': 'K = 1\n' });
  shown = 0;
  const show = (i) => {
    shown = i;
    tabs.render(project, shown);
  };
  tabs = createFileTabs(host, {
    controls: 'pg-editor',
    onSelect: show,
    onAdd(name) {
      const r = addFile(project, name);
      if (!r.ok) return r.error;
      project = r.project;
      show(r.index);
      return null;
    },
    onRename(i, name) {
      const r = renameFile(project, i, name);
      if (!r.ok) return r.error;
      project = r.project;
      show(shown);
      return null;
    },
    onRemove(i) {
      project = removeFile(project, i);
      show(0);
    },
  });
  tabs.render(project, shown);
});

const tabNames = () => [...host.querySelectorAll('[role="tab"]')].map((t) => t.textContent);
const selected = () => host.querySelector('[role="tab"][aria-selected="true"]').textContent;
const form = () => host.querySelector('form');
const submit = (value) => {
  if (value !== undefined) form().querySelector('input').value = value;
  form().dispatchEvent(new Event('submit', { cancelable: true }));
};
const action = (name) => host.querySelector(`[data-file-action="${name}"]`);

describe('file tabs', () => {
  it('shows one tab per file, the main program first, and labels the editor by the shown tab', () => {
    expect(tabNames()).toEqual(['kernel.py', 'util.py']);
    expect(selected()).toBe('kernel.py');
    expect(host.querySelector('[role="tablist"]').getAttribute('aria-label')).toBe('Files of the program');
    const panel = document.getElementById('pg-editor');
    expect(panel.getAttribute('aria-labelledby')).toBe(host.querySelector('[aria-selected="true"]').id);
    expect(action('remove').disabled).toBe(true); // the main program stays
  });

  it('adds a file through the form and shows it', () => {
    action('add').click();
    expect(form().hidden).toBe(false);
    expect(document.activeElement).toBe(form().querySelector('input'));
    submit('pkg/common.py');
    expect(form().hidden).toBe(true);
    expect(tabNames()).toEqual(['kernel.py', 'util.py', 'pkg/common.py']);
    expect(selected()).toBe('pkg/common.py');
  });

  it('refuses a duplicate or bad name with a visible message and keeps the form open', () => {
    action('add').click();
    submit('util.py');
    const problem = form().querySelector('.pg-file-problem');
    expect(problem.textContent).toBe('there is already a file named util.py');
    expect(problem.getAttribute('role')).toBe('alert');
    expect(form().hidden).toBe(false);
    expect(form().querySelector('input').getAttribute('aria-invalid')).toBe('true');
    submit('util');
    expect(problem.textContent).toBe('"util" does not end in .py');
    expect(tabNames()).toEqual(['kernel.py', 'util.py']);
    // Escape gives up; nothing was added.
    form().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(form().hidden).toBe(true);
    expect(tabNames()).toEqual(['kernel.py', 'util.py']);
  });

  it('renames the shown file, starting from its name', () => {
    host.querySelectorAll('[role="tab"]')[1].click();
    action('rename').click();
    expect(form().querySelector('input').value).toBe('util.py');
    submit('helpers.py');
    expect(tabNames()).toEqual(['kernel.py', 'helpers.py']);
    expect(project.files[1].source).toBe('K = 1\n');
  });

  it('asks before removing a file, and keeps it when told to', () => {
    host.querySelectorAll('[role="tab"]')[1].click();
    action('remove').click();
    expect(form().querySelector('.pg-file-question').textContent).toBe('Remove util.py and its 1 line? Its text cannot be brought back.');
    expect(form().querySelector('input').hidden).toBe(true);
    form().querySelector('[data-file-action="cancel"]').click();
    expect(tabNames()).toEqual(['kernel.py', 'util.py']);
    action('remove').click();
    submit();
    expect(tabNames()).toEqual(['kernel.py']);
  });

  it('moves between tabs with the arrow keys; F2 renames and Delete removes the focused one', () => {
    const list = host.querySelector('[role="tablist"]');
    host.querySelector('[role="tab"]').focus();
    list.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(selected()).toBe('util.py');
    expect(document.activeElement.textContent).toBe('util.py');
    list.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(selected()).toBe('kernel.py'); // wraps around
    list.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    list.dispatchEvent(new KeyboardEvent('keydown', { key: 'Delete', bubbles: true }));
    expect(form().querySelector('.pg-file-question').textContent).toMatch(/^Remove util.py/);
    form().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    list.dispatchEvent(new KeyboardEvent('keydown', { key: 'F2', bubbles: true }));
    expect(form().querySelector('.pg-file-question').textContent).toBe('New name for util.py:');
  });
});
