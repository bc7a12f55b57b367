// Programs of several files in the playground (files.js and the modules that
// carry a project): the name rule, add / rename / remove, what a run sends,
// the saved state and share links (round trips, and older ones still
// opening), the Colab snippet, and errors located in another file.
import { describe, expect, it } from 'vitest';
import { colabSnippet } from '../../../web/src/playground/colab.js';
import { runMarkersByFile } from '../../../web/src/playground/diagnostics.js';
import {
  MAIN_DEFAULT,
  MAX_FILES,
  addFile,
  createProject,
  indexOfSource,
  nameProblem,
  packageOf,
  removeFile,
  renameFile,
  restoreFiles,
  runFiles,
  serializeFiles,
  setSource,
} from '../../../web/src/playground/files.js';
import { decodeState, encodeState, toBase64Url } from '../../../web/src/playground/share.js';
import { loadLast, saveLast } from '../../../web/src/playground/storage.js';
import { sourceLabel } from '../../../web/src/views/dom.js';
import { deflateSync, strToU8 } from 'fflate';

const settings = { rung: 'tpu', params: {} };
const names = (p) => p.files.map((f) => f.name);
const fakeStorage = () => {
  const store = new Map();
  return { store, getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
};

describe('file names', () => {
  it('accepts importable module paths ending in .py, folders included', () => {
    for (const ok of ['util.py', '_private.py', 'tuned_block_sizes.py', 'pkg/__init__.py', 'pkg/sub/mod2.py', 'Kernel.py']) expect(nameProblem(ok), ok).toBeNull();
  });

  it.each([
    ['', /needs a name/],
    ['   ', /needs a name/],
    [' util.py', /starts or ends with spaces/],
    ['util', /does not end in \.py/],
    ['util.txt', /does not end in \.py/],
    ['/abs/util.py', /relative to the main program's folder/],
    ['pkg//util.py', /empty folder or file name/],
    ['.py', /empty folder or file name/],
    ['../util.py', /may not use \. or \.\./],
    ['my-util.py', /"my-util" in "my-util.py" is not a Python identifier/],
    ['2d.py', /not a Python identifier/],
    ['pkg.v2/x.py', /not a Python identifier/],
    ['class.py', /"class" in "class.py" is a Python keyword/],
    ['lambda/x.py', /is a Python keyword/],
    [`${'a'.repeat(130)}.py`, /at most 120 characters/],
  ])('refuses %j', (name, why) => {
    expect(nameProblem(name)).toMatch(why);
  });

  it('refuses a name already taken, exactly (case matters, as on Linux)', () => {
    expect(nameProblem('util.py', ['kernel.py', 'util.py'])).toBe('there is already a file named util.py');
    expect(nameProblem('Util.py', ['util.py'])).toBeNull();
  });

  it('gives a main file inside a folder its package, as python -m does', () => {
    expect(packageOf('kernel.py')).toBeUndefined();
    expect(packageOf('pkg/kernel.py')).toBe('pkg');
    expect(packageOf('ops/tpu/flash.py')).toBe('ops.tpu');
  });
});

describe('the project', () => {
  it('adds files after the main program and runs them as `files`', () => {
    let p = createProject('import util\nprint(util.K)\n');
    expect(names(p)).toEqual([MAIN_DEFAULT]);
    expect(runFiles(p)).toEqual({ filename: 'kernel.py' }); // one file: exactly as before
    const added = addFile(p, 'util.py', 'K = 8\n');
    expect(added).toMatchObject({ ok: true, index: 1 });
    p = addFile(added.project, 'pkg/common.py').project;
    expect(names(p)).toEqual(['kernel.py', 'util.py', 'pkg/common.py']);
    expect(runFiles(p)).toEqual({ filename: 'kernel.py', files: { 'util.py': 'K = 8\n', 'pkg/common.py': '' } });
  });

  it('refuses a duplicate or bad name and leaves the project as it was', () => {
    const p = addFile(createProject('x = 1\n'), 'util.py', 'A = 1\n').project;
    expect(addFile(p, 'util.py')).toEqual({ ok: false, error: 'there is already a file named util.py' });
    expect(addFile(p, 'kernel.py').ok).toBe(false); // the main program's name is taken too
    expect(addFile(p, 'notes.txt')).toEqual({ ok: false, error: '"notes.txt" does not end in .py' });
    expect(names(p)).toEqual(['kernel.py', 'util.py']);
  });

  it('caps the number of files', () => {
    let p = createProject('');
    for (let i = 0; i < MAX_FILES; i++) p = addFile(p, `m${i}.py`).project;
    expect(addFile(p, 'one_more.py')).toEqual({ ok: false, error: `a program may have at most ${MAX_FILES} files besides the main one` });
  });

  it('renames keeping the text and the id the editor knows the file by', () => {
    const p = createProject('import helpers\n', 'kernel.py', { 'util.py': 'A = 1\n' });
    const id = p.files[1].id;
    const r = renameFile(p, 1, 'helpers.py');
    expect(r.ok).toBe(true);
    expect(r.project.files[1]).toEqual({ id, name: 'helpers.py', source: 'A = 1\n' });
    expect(renameFile(p, 1, 'util.py').ok).toBe(true); // its own name
    expect(renameFile(p, 1, 'kernel.py')).toEqual({ ok: false, error: 'there is already a file named kernel.py' });
    expect(renameFile(p, 1, 'bad name.py').ok).toBe(false);
    // The main file can be renamed too; inside a folder it runs in that package.
    const moved = renameFile(p, 0, 'pkg/main.py').project;
    expect(runFiles(moved)).toEqual({ filename: 'pkg/main.py', files: { 'util.py': 'A = 1\n' }, package: 'pkg' });
    expect(p.files[1].name).toBe('util.py'); // the original is untouched
  });

  it('removes an extra file but never the main program', () => {
    const p = createProject('x = 1\n', 'kernel.py', { 'a.py': '', 'b.py': 'B = 2\n' });
    expect(names(removeFile(p, 1))).toEqual(['kernel.py', 'b.py']);
    expect(removeFile(p, 0)).toBe(p);
    expect(removeFile(p, 9)).toBe(p);
  });

  it('keeps edits per file', () => {
    let p = createProject('main\n', 'kernel.py', { 'util.py': 'old\n' });
    p = setSource(p, 1, 'new\n');
    expect(p.files.map((f) => f.source)).toEqual(['main\n', 'new\n']);
  });

  it('finds the file of a document location: no `file` is the main program', () => {
    const p = createProject('', 'kernel.py', { 'util.py': '' });
    expect(indexOfSource(p, { line: 3, col: 1 })).toBe(0);
    expect(indexOfSource(p, { file: 'util.py', line: 3, col: 1 })).toBe(1);
    expect(indexOfSource(p, { file: 'numpy/core.py', line: 3, col: 1 })).toBe(-1);
  });
});

describe('saving and sharing a project', () => {
  const project = () => createProject('import util\nfrom pkg import common\n', 'kernel.py', { 'util.py': 'K = 8\n', 'pkg/common.py': 'C = "é ✓"\n' });

  it('saves the files with the code and loads them back', () => {
    const fake = fakeStorage();
    const p = project();
    const state = { source: p.files[0].source, settings, kernel: null, ...serializeFiles(p) };
    expect(saveLast(state, fake)).toBe(true);
    const back = loadLast(fake);
    expect(back).toEqual({ source: p.files[0].source, settings, kernel: null, files: { 'util.py': 'K = 8\n', 'pkg/common.py': 'C = "é ✓"\n' } });
    const again = createProject(back.source, back.filename, back.files);
    expect(again.files.map(({ name, source }) => ({ name, source }))).toEqual(p.files.map(({ name, source }) => ({ name, source })));
  });

  it('loads a state saved before programs had files, and writes one-file states as before', () => {
    const fake = fakeStorage();
    fake.setItem('rungs.playground.v1', JSON.stringify({ source: 'x = 1', settings, kernel: 'dma_race' }));
    expect(loadLast(fake)).toEqual({ source: 'x = 1', settings, kernel: 'dma_race' });
    saveLast({ source: 'y = 2', settings, kernel: null, ...serializeFiles(createProject('y = 2')) }, fake);
    expect(JSON.parse(fake.store.get('rungs.playground.v1'))).toEqual({ source: 'y = 2', settings, kernel: null });
  });

  it('keeps the main program of a saved state whose files are junk', () => {
    const fake = fakeStorage();
    fake.setItem('rungs.playground.v1', JSON.stringify({ source: 'x = 1', settings, files: { '../evil.py': 'x' } }));
    expect(loadLast(fake)).toEqual({ source: 'x = 1', settings: { rung: 'tpu', params: {} }, kernel: null });
  });

  it('round-trips the files and the main file name through a share link', () => {
    const p = renameFile(project(), 0, 'pkg/kernel.py').project;
    const hash = encodeState({ source: p.files[0].source, settings, ...serializeFiles(p) });
    const { ok, state } = decodeState(hash);
    expect(ok).toBe(true);
    expect(state).toEqual({ source: p.files[0].source, settings, filename: 'pkg/kernel.py', files: { 'util.py': 'K = 8\n', 'pkg/common.py': 'C = "é ✓"\n' } });
    expect(runFiles(createProject(state.source, state.filename, state.files)).package).toBe('pkg');
  });

  it('makes the same link as before for a one-file program, and opens old links', () => {
    const old = encodeState({ source: 'x = 1\n', settings });
    expect(encodeState({ source: 'x = 1\n', settings, ...serializeFiles(createProject('x = 1\n')) })).toBe(old);
    expect(decodeState(old)).toEqual({ ok: true, state: { source: 'x = 1\n', settings } });
  });

  it.each([
    [{ files: { 'a b.py': '' } }, /shared files are malformed .*"a b" in "a b.py" is not a Python identifier/],
    [{ files: ['util.py'] }, /files must be an object/],
    [{ files: { 'util.py': 3 } }, /file util.py has no text/],
    [{ filename: 'kernel', files: {} }, /main file name is not valid/],
    [{ files: { 'kernel.py': '' } }, /already a file named kernel.py/],
  ])('refuses a link whose files are malformed: %j', (extra, why) => {
    const hash = `#s=${toBase64Url(deflateSync(strToU8(JSON.stringify({ v: 1, source: 'x', settings, ...extra }))))}`;
    const r = decodeState(hash);
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(why);
  });

  it('restores only what it can vouch for', () => {
    expect(restoreFiles({})).toEqual({ filename: 'kernel.py', files: [] });
    expect(() => restoreFiles({ files: Object.fromEntries(Array.from({ length: MAX_FILES + 1 }, (_, i) => [`m${i}.py`, ''])) })).toThrow(/at most/);
  });
});

describe('Colab and errors with several files', () => {
  it('writes the other files next to the notebook before the main program', () => {
    const text = colabSnippet('import util\nprint(util.K)\n', { rung: 'auto', params: {} }, { files: { 'util.py': 'K = "a\\"b"\n', 'pkg/m.py': '' } });
    const body = text.slice(text.indexOf('\n\n') + 2);
    expect(body).toBe(
      [
        "# The program's other files, as in the playground:",
        'import pathlib as _pathlib',
        '_pathlib.Path("util.py").write_text("K = \\"a\\\\\\"b\\"\\n")',
        '_pathlib.Path("pkg/m.py").parent.mkdir(parents=True, exist_ok=True)',
        '_pathlib.Path("pkg/m.py").write_text("")',
        '',
        'import util',
        'print(util.K)',
        '',
      ].join('\n'),
    );
    // One file: the snippet is what it always was.
    expect(colabSnippet('x = 1\n', { rung: 'auto', params: {} })).toMatch(/\n\nx = 1\n$/);
  });

  it('names the other file in a location label, and the main one as before', () => {
    expect(sourceLabel({ file: 'util.py', line: 12, col: 5 })).toBe('util.py:12:5');
    expect(sourceLabel({ line: 12, col: 5 })).toBe('line 12:5');
  });

  it('puts a run error on the file it was raised in', () => {
    const doc = { ok: false, error: { type: 'NameError', message: "name 'y' is not defined", line: 2, col: 5, end_line: 2, end_col: 6, id: 'name_error', file: 'util.py' }, calls: [] };
    const byFile = runMarkersByFile(doc, ['kernel.py', 'util.py']);
    expect(byFile.get('kernel.py')).toEqual([]);
    expect(byFile.get('util.py')).toEqual([expect.objectContaining({ startLineNumber: 2, startColumn: 5, endColumn: 6, message: "NameError: name 'y' is not defined [name_error]" })]);
    // Without `file`, the main program's; in a file the page lacks, nowhere.
    expect(runMarkersByFile({ ...doc, error: { ...doc.error, file: undefined } }, ['kernel.py', 'util.py']).get('kernel.py')).toHaveLength(1);
    const elsewhere = runMarkersByFile({ ...doc, error: { ...doc.error, file: 'other.py' } }, ['kernel.py', 'util.py']);
    expect([...elsewhere.values()].flat()).toEqual([]);
  });
});
