// The last edit survives a reload: code, extra files and settings in
// localStorage, under one key, written after edits (debounced by the
// caller). Storage can be full, disabled or hold junk from an older version,
// so every access is guarded and anything unreadable is ignored.
//
// State: {source, settings, kernel, filename?, files?}: `filename` (the main
// file's name) and `files` ({name: text}, the other files) are written only
// when they differ from a one-file program, so a one-file state is the same
// JSON that versions before multi-file programs wrote, and their saved
// states load unchanged.
import { MAIN_DEFAULT, restoreFiles } from './files.js';
import { validateSettings } from './settings.js';

const KEY = 'rungs.playground.v1';

// {filename?, files?} from a saved record; a record whose files are junk
// keeps its main program and loses only the files it cannot vouch for.
function savedFiles(raw) {
  if (raw.filename === undefined && raw.files === undefined) return {};
  try {
    const { filename, files } = restoreFiles(raw);
    const out = {};
    if (filename !== MAIN_DEFAULT) out.filename = filename;
    if (files.length) out.files = Object.fromEntries(files.map((f) => [f.name, f.source]));
    return out;
  } catch {
    return {};
  }
}

export function loadLast(storage = globalThis.localStorage) {
  try {
    const raw = JSON.parse(storage?.getItem(KEY) ?? 'null');
    if (!raw || typeof raw.source !== 'string') return null;
    return { source: raw.source, settings: validateSettings(raw.settings), kernel: typeof raw.kernel === 'string' ? raw.kernel : null, ...savedFiles(raw) };
  } catch {
    return null;
  }
}

export function saveLast(state, storage = globalThis.localStorage) {
  try {
    const record = { source: state.source, settings: state.settings, kernel: state.kernel ?? null };
    if (state.filename && state.filename !== MAIN_DEFAULT) record.filename = state.filename;
    if (state.files && Object.keys(state.files).length) record.files = state.files;
    storage?.setItem(KEY, JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
}
