// rungs.puzzles: the JS API of the puzzles (DESIGN.md "Contracts"), and the
// only calls the page itself makes.
//   list()              -> [{id, title}] in order
//   get(id)             -> {id, title, starter, solution}
//   check(id, source)   -> {solved, rungs: {interpret, tpu, chip: {ok, message, ...}}}
// Checking is the engine's (core/puzzle): the page sends the puzzle's own
// files with the reader's source and shows what comes back.

export const RUNG_NAMES = ['interpret', 'tpu', 'chip'];
export const CHECK_TIMEOUT_MS = 60_000;

// The engine's answer, or an error document when the check could not run
// (a timeout, a malformed puzzle), as a verdict per rung.
export function verdictFromResult(result) {
  if (result?.rungs && typeof result.solved === 'boolean') return result;
  const message = result?.error?.message ?? 'the check did not run';
  const rungs = {};
  for (const r of RUNG_NAMES) rungs[r] = { ok: false, message, error: result?.error ?? null, failure: null };
  return { id: result?.id ?? null, solved: false, rungs };
}

export function createPuzzleApi(puzzles, getEngine) {
  const byId = (id) => {
    const p = puzzles.find((q) => q.id === id);
    if (!p) throw new Error(`no puzzle '${id}'; rungs.puzzles.list() names them`);
    return p;
  };
  return Object.freeze({
    list: () => puzzles.map(({ id, title }) => ({ id, title })),
    get(id) {
      const { title, starter, solution } = byId(id);
      return { id, title, starter, solution };
    },
    async check(id, source) {
      const p = byId(id);
      const engine = await getEngine();
      const result = await engine.puzzleCheck(p, source, { timeoutMs: CHECK_TIMEOUT_MS });
      return verdictFromResult(result);
    },
    // The program the engine runs for an attempt, for the notebook export.
    async program(id, source) {
      const engine = await getEngine();
      return engine.puzzleProgram(byId(id), source);
    },
  });
}
