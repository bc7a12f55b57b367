// The catalog's search: finds an entry from what people paste into it. Three
// kinds of query, scored on one scale so they can share a ranking:
//   - a whole or partial concrete message ("Out-of-bounds block index (2, 0)
//     for input "x_ref" in iteration (1,)"): matched against each entry's
//     message template from the engine's registry, whose {} placeholders
//     stand for the values the engine filled in;
//   - a registry id (tpu_oob_block_input) or an exception class (IndexError);
//   - a few words ("out of bounds", "out-of-bounds").
// Case, hyphens and underscores never matter. Ties go to the family the
// page lists first (Pallas and TPU errors before generic Python), then id.
// Pure functions over registry entries ({id, type, template, category}).

// Lower case, hyphens and underscores as spaces, runs of spaces as one.
export function normalize(text) {
  return String(text ?? '')
    .toLowerCase()
    .replace(/[-_]+/g, ' ')
    .replace(/\s+/g, ' ');
}

// How many of the template's literal characters the query contains, in the
// template's order, with anything between them taken as a placeholder's
// value. The query may start mid-template (a line cut from a traceback) and
// stop early (a message pasted only in part), so the best run of pieces
// found in order wins, from any starting piece.
export function templateCoverage(template, query) {
  const q = normalize(query);
  const pieces = normalize(template).split('{}').filter((p) => p.trim().length > 0);
  let best = 0;
  for (let start = 0; start < pieces.length; start += 1) {
    let at = q.indexOf(pieces[start]);
    if (at < 0) continue;
    let covered = pieces[start].length;
    at += pieces[start].length;
    for (let i = start + 1; i < pieces.length; i += 1) {
      const next = q.indexOf(pieces[i], at);
      if (next < 0) break;
      covered += pieces[i].length;
      at = next + pieces[i].length;
    }
    best = Math.max(best, covered);
  }
  return best;
}

// A template match counts once it is longer than a few common words.
const MIN_MESSAGE_CHARS = 14;

// One entry's score for a query (0: no match). Message matches dominate
// (a pasted message names its entry); then an exact id, an exact exception
// class, then every query word found somewhere in the entry.
export function scoreEntry(entry, query) {
  const q = normalize(query).trim();
  if (!q) return 0;
  const id = normalize(entry.id);
  const type = normalize(entry.type);
  const covered = templateCoverage(entry.template ?? '', query);
  if (covered >= MIN_MESSAGE_CHARS) {
    // A pasted "IndexError: ..." that names this entry's class breaks ties
    // between entries sharing a template.
    return 1000 + covered + (q.includes(`${type}:`) ? 5 : 0);
  }
  if (q === id) return 900;
  if (q === type) return 500;
  const words = q.split(' ').filter(Boolean);
  const haystack = `${id} ${type} ${normalize(entry.template)} ${normalize(entry.category)}`;
  if (!words.every((w) => haystack.includes(w))) return 0;
  // More of the query inside the id itself reads as a closer match.
  return 100 + words.filter((w) => id.includes(w)).length * 10 + (haystack.includes(q) ? 20 : 0);
}

// entries -> [{entry, score}] with score > 0, best first. familyRank(entry)
// is the position of the entry's family in the page's order (lower first).
export function rankEntries(entries, query, { familyRank = () => 0 } = {}) {
  return entries
    .map((entry) => ({ entry, score: scoreEntry(entry, query) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || familyRank(a.entry) - familyRank(b.entry) || a.entry.id.localeCompare(b.entry.id));
}
