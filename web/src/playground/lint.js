// The as-you-type check: a moment after the reader stops typing, the engine
// parses the program (engine.check) and its diagnostics become editor
// markers. check() runs nothing, so a kernel with an endless loop or a huge
// grid lints as fast as a small one, and no run is spent on linting.
//
//   const linter = createLinter({ engine, source, onMarkers, busy });
//   linter.schedule()   after each edit (debounced)
//   linter.cancel()     when a run starts: an answer still on its way is stale
import { checkMarkers } from './diagnostics.js';

export const LINT_DELAY_MS = 600;

// engine: anything with check(source) -> Promise<{ok, diagnostics}> (the
// page's window.rungs); source() -> the text now; onMarkers(markers) gets
// the markers of the latest answer; busy() -> true while a run is in flight
// (its own markers win).
export function createLinter({ engine, source, onMarkers, busy = () => false, delayMs = LINT_DELAY_MS }) {
  let timer = null;
  let generation = 0;

  // Lints the current text now; resolves true when its markers were shown.
  async function now() {
    const mine = ++generation;
    const answer = await Promise.resolve()
      .then(() => engine.check(source()))
      .catch(() => null);
    if (!answer || mine !== generation || busy()) return false;
    onMarkers(checkMarkers(answer));
    return true;
  }

  return {
    now,
    schedule() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!busy()) now();
      }, delayMs);
    },
    cancel() {
      clearTimeout(timer);
      generation += 1;
    },
  };
}
