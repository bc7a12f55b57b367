// The reader's theme choice: 'light', 'dark' or 'system' (the default),
// kept in localStorage and applied as <html data-theme>. Pages that offer a
// toggle call cycleTheme(); every page calls applyStoredTheme() early.
const KEY = 'rungs.theme';
const ORDER = ['system', 'light', 'dark'];

export function storedTheme() {
  try {
    const t = localStorage.getItem(KEY);
    return ORDER.includes(t) ? t : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(theme, root = document.documentElement) {
  if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
  else delete root.dataset.theme;
}

export function applyStoredTheme() {
  applyTheme(storedTheme());
}

// The theme actually showing, resolving 'system' through the media query.
export function effectiveTheme() {
  const t = storedTheme();
  if (t !== 'system') return t;
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function cycleTheme() {
  const next = ORDER[(ORDER.indexOf(storedTheme()) + 1) % ORDER.length];
  try {
    localStorage.setItem(KEY, next);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  applyTheme(next);
  return next;
}
