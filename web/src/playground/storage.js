// The last edit survives a reload: code and settings in localStorage, under
// one key, written after edits (debounced by the caller). Storage can be
// full, disabled or hold junk from an older version, so every access is
// guarded and anything unreadable is ignored.
import { validateSettings } from './settings.js';

const KEY = 'rungs.playground.v1';

export function loadLast(storage = globalThis.localStorage) {
  try {
    const raw = JSON.parse(storage?.getItem(KEY) ?? 'null');
    if (!raw || typeof raw.source !== 'string') return null;
    return { source: raw.source, settings: validateSettings(raw.settings), kernel: typeof raw.kernel === 'string' ? raw.kernel : null };
  } catch {
    return null;
  }
}

export function saveLast(state, storage = globalThis.localStorage) {
  try {
    storage?.setItem(KEY, JSON.stringify({ source: state.source, settings: state.settings, kernel: state.kernel ?? null }));
    return true;
  } catch {
    return false;
  }
}
