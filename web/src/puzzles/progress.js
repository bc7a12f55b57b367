// What survives a reload, per puzzle: the code, whether it was solved, whether
// it was tried (which unlocks the reference solution) and how many hints are
// open. One localStorage key; storage can be full, disabled or hold junk, so
// every access is guarded and anything unreadable counts as empty.
const KEY = 'rungs.puzzles.v1';

const empty = () => ({ code: {}, solved: {}, tried: {}, hints: {}, current: null });

export function loadProgress(storage = globalThis.localStorage) {
  try {
    const raw = JSON.parse(storage?.getItem(KEY) ?? 'null');
    const p = empty();
    if (!raw || typeof raw !== 'object') return p;
    for (const field of ['code', 'solved', 'tried', 'hints']) {
      if (raw[field] && typeof raw[field] === 'object') p[field] = raw[field];
    }
    if (typeof raw.current === 'string') p.current = raw.current;
    return p;
  } catch {
    return empty();
  }
}

export function saveProgress(progress, storage = globalThis.localStorage) {
  try {
    storage?.setItem(KEY, JSON.stringify(progress));
    return true;
  } catch {
    return false;
  }
}

// Pure updates: each returns a new progress object.
export function withCode(p, id, source) {
  return { ...p, code: { ...p.code, [id]: source } };
}

export function withVerdict(p, id, verdict) {
  const solved = { ...p.solved };
  if (verdict.solved) solved[id] = true; // once solved, a later failed try does not unsolve it
  return { ...p, solved, tried: { ...p.tried, [id]: true } };
}

export function withHint(p, id, available) {
  const open = Math.min(available, (p.hints[id] ?? 0) + 1);
  return { ...p, hints: { ...p.hints, [id]: open } };
}
