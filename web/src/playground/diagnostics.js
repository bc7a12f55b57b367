// Engine errors as editor markers. The result document and the engine's
// check() diagnostics give 1-based line/col and an exclusive end_line/end_col
// (core/result/README.md), which is exactly Monaco's marker convention; a
// missing or empty span becomes one character wide so it is still visible.
import { errorById } from '../engine/schema.js';

// Errors that come from reading the program, not running it: the registry's
// "parse" category, what the as-you-type check (engine.check) reports.
export function isParseError(error) {
  return Boolean(error) && errorById(error.id)?.category === 'parse';
}

// A document error -> a marker description (Monaco's field names; severity
// as a word so this module needs no Monaco).
export function markerFor(error) {
  if (!error || !(error.line > 0)) return null;
  const startLineNumber = error.line;
  const startColumn = Math.max(1, error.col || 1);
  let endLineNumber = error.end_line > 0 ? error.end_line : startLineNumber;
  let endColumn = error.end_col > 0 ? error.end_col : startColumn + 1;
  if (endLineNumber < startLineNumber || (endLineNumber === startLineNumber && endColumn <= startColumn)) {
    endLineNumber = startLineNumber;
    endColumn = startColumn + 1;
  }
  return {
    severity: 'error',
    message: `${error.type}: ${error.message}${error.id ? ` [${error.id}]` : ''}`,
    startLineNumber,
    startColumn,
    endLineNumber,
    endColumn,
    source: 'rungs',
  };
}

// Markers for an engine.check() answer: {ok, diagnostics: [{type, message,
// line, col, end_line, end_col, id, category}]}.
export function checkMarkers(check) {
  return (check?.diagnostics ?? []).map(markerFor).filter(Boolean);
}

// Markers for the races of a run: both accesses of every race, as warnings.
// `inFile`: only the accesses in that file of a multi-file program (a
// source's `file`; null, the default, is the main program's).
export function raceMarkers(doc, inFile = null) {
  const out = [];
  for (const call of doc?.calls ?? []) {
    for (const race of call.races ?? []) {
      for (const [which, a] of [['first', race.first], ['second', race.second]]) {
        const s = a?.source;
        if (!(s?.line > 0) || (s.file ?? null) !== inFile) continue;
        out.push({
          severity: 'warning',
          message: `race on ${race.buffer}: the ${which} access, a ${a.kind} by thread ${a.thread}`,
          startLineNumber: s.line,
          startColumn: Math.max(1, s.col),
          endLineNumber: s.end_line > 0 ? s.end_line : s.line,
          endColumn: s.end_col > 0 ? s.end_col : s.col + 1,
          source: 'rungs',
        });
      }
    }
  }
  return out;
}

// A run's markers for each file of a multi-file program: `names` lists the
// project's file names, main program first; the result maps each name to
// its markers (the error where it was raised, the races' accesses). An
// error without `file` is the main program's; one in a file the page does
// not have (a module of the engine's own) marks nothing.
export function runMarkersByFile(doc, names) {
  const out = new Map(names.map((name, i) => [name, raceMarkers(doc, i === 0 ? null : name)]));
  const error = doc?.error;
  const target = error?.file ? error.file : names[0];
  const marker = markerFor(error);
  if (marker && out.has(target)) out.get(target).unshift(marker);
  return out;
}
