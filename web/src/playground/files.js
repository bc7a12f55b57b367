// The playground's files: a program of several Python files, as published
// kernels are packages (kernel.py imports util.py, tuned_block_sizes.py,
// from . import common). Pure data, no DOM: the tabs (file-tabs.js), the
// saved state (storage.js), share links (share.js) and the Colab snippet all
// go through this module, so a name is judged by one rule everywhere.
//
// A project is {files: [{id, name, source}, ...]}: files[0] is the main
// program (run as __main__, the engine's `filename`), the rest are what
// engine.run receives as `files` ({path: text}). Ids are stable across
// renames so the editor can keep one document (and its undo history) per
// file. Every operation returns a new project; nothing is changed in place.

export const MAIN_DEFAULT = 'kernel.py'; // the engine's own default filename
export const MAX_FILES = 32; // extra files, besides the main program
export const MAX_NAME_LENGTH = 120;

// Python's keywords: a folder or module named after one cannot be imported
// (`import class` is a SyntaxError), so such a name is refused up front.
const KEYWORDS = new Set(
  ('False None True and as assert async await break class continue def del elif else except finally for from ' +
    'global if import in is lambda nonlocal not or pass raise return try while with yield').split(' '),
);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

let nextId = 1;
const newId = () => `f${nextId++}`;

// Why `name` cannot be a file of the project (null when it can). `taken`:
// the names already in use. Each part of the path must be a name an import
// statement can spell, because a file no import can reach is a mistake the
// reader would only find at run time.
export function nameProblem(name, taken = []) {
  if (typeof name !== 'string' || name.trim() === '') return 'a file needs a name, such as util.py';
  if (name !== name.trim()) return `"${name}" starts or ends with spaces`;
  if (name.length > MAX_NAME_LENGTH) return `a file name may be at most ${MAX_NAME_LENGTH} characters`;
  if (!name.endsWith('.py')) return `"${name}" does not end in .py`;
  if (name.startsWith('/')) return `"${name}" must be a path relative to the main program's folder, without a leading /`;
  const parts = name.slice(0, -3).split('/');
  for (const part of parts) {
    if (part === '') return `"${name}" has an empty folder or file name`;
    if (part === '.' || part === '..') return `"${name}" may not use . or .. as a folder`;
    if (!IDENTIFIER.test(part)) return `"${part}" in "${name}" is not a Python identifier (letters, digits and _, not starting with a digit), so no import could name it`;
    if (KEYWORDS.has(part)) return `"${part}" in "${name}" is a Python keyword, so no import could name it`;
  }
  if (taken.includes(name)) return `there is already a file named ${name}`;
  return null;
}

// The main program's __package__ for a main file inside a folder, as
// `python -m pkg.kernel` sets it ("pkg"); undefined for a top-level file.
export function packageOf(mainName) {
  const cut = mainName.lastIndexOf('/');
  return cut < 0 ? undefined : mainName.slice(0, cut).replace(/\//g, '.');
}

// extra: [{name, source}] or {name: source}. Names are trusted here:
// restoreFiles is the gate for untrusted ones.
export function createProject(source, mainName = MAIN_DEFAULT, extra = []) {
  const list = Array.isArray(extra) ? extra : Object.entries(extra).map(([name, text]) => ({ name, source: text }));
  return {
    files: [{ id: newId(), name: mainName, source: String(source ?? '') }, ...list.map((f) => ({ id: newId(), name: f.name, source: String(f.source ?? '') }))],
  };
}

const namesOf = (project, except = -1) => project.files.filter((_, i) => i !== except).map((f) => f.name);

// -> {ok: true, project, index} | {ok: false, error}
export function addFile(project, name, source = '') {
  if (project.files.length - 1 >= MAX_FILES) return { ok: false, error: `a program may have at most ${MAX_FILES} files besides the main one` };
  const error = nameProblem(name, namesOf(project));
  if (error) return { ok: false, error };
  const files = [...project.files, { id: newId(), name, source: String(source) }];
  return { ok: true, project: { files }, index: files.length - 1 };
}

// -> {ok: true, project} | {ok: false, error}; renaming a file to its own
// name is allowed (and changes nothing).
export function renameFile(project, index, name) {
  if (!project.files[index]) return { ok: false, error: `there is no file number ${index}` };
  const error = nameProblem(name, namesOf(project, index));
  if (error) return { ok: false, error };
  const files = project.files.map((f, i) => (i === index ? { ...f, name } : f));
  return { ok: true, project: { files } };
}

// The main program cannot be removed: a run needs one.
export function removeFile(project, index) {
  if (index <= 0 || index >= project.files.length) return project;
  return { files: project.files.filter((_, i) => i !== index) };
}

export function setSource(project, index, source) {
  return { files: project.files.map((f, i) => (i === index ? { ...f, source } : f)) };
}

export const indexOfName = (project, name) => project.files.findIndex((f) => f.name === name);

// The file a document location ({file?, line, ...}) belongs to: absent
// `file` is the main program; a name outside the project is -1.
export function indexOfSource(project, src) {
  return src?.file ? indexOfName(project, src.file) : 0;
}

// engine.run options for the project: the main file's name, and `files` /
// `package` only when they say something (a one-file program at the top
// level runs exactly as before).
export function runFiles(project) {
  const [main, ...rest] = project.files;
  const out = { filename: main.name };
  if (rest.length) out.files = Object.fromEntries(rest.map((f) => [f.name, f.source]));
  const pkg = packageOf(main.name);
  if (pkg) out.package = pkg;
  return out;
}

// The project as the plain JSON saved state and share links carry, beside
// `source`: {filename?, files?} with defaults left out, so a one-file state
// is exactly what older versions wrote.
export function serializeFiles(project) {
  const [main, ...rest] = project.files;
  const out = {};
  if (main.name !== MAIN_DEFAULT) out.filename = main.name;
  if (rest.length) out.files = Object.fromEntries(rest.map((f) => [f.name, f.source]));
  return out;
}

// Untrusted {filename?, files?} (a link, localStorage) -> {filename, files:
// [{name, source}]}; throws a TypeError naming the first problem. Absent
// fields are the one-file defaults, so old states restore unchanged.
export function restoreFiles(raw) {
  const filename = raw?.filename ?? MAIN_DEFAULT;
  const mainProblem = nameProblem(filename);
  if (mainProblem) throw new TypeError(`the main file name is not valid: ${mainProblem}`);
  const given = raw?.files ?? {};
  if (typeof given !== 'object' || given === null || Array.isArray(given)) throw new TypeError('files must be an object of file name to text');
  const entries = Object.entries(given);
  if (entries.length > MAX_FILES) throw new TypeError(`a program may have at most ${MAX_FILES} files besides the main one`);
  const taken = [filename];
  const files = [];
  for (const [name, source] of entries) {
    const problem = nameProblem(name, taken);
    if (problem) throw new TypeError(`file ${JSON.stringify(name)} is not valid: ${problem}`);
    if (typeof source !== 'string') throw new TypeError(`file ${name} has no text`);
    taken.push(name);
    files.push({ name, source });
  }
  return { filename, files };
}
