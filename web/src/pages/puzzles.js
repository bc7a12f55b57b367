// The puzzles page (/puzzles/). Adds rungs.puzzles to the site-wide
// window.rungs and exposes window.rungsPuzzles (open, getSource, setSource,
// check, state) for the console and the end-to-end tests.
import '../site/base.css';
import '../views/views.css';
import '../puzzles/puzzles.css';
import { getEngine, rungs } from '../engine/global.js';
import { applyStoredTheme } from '../site/theme.js';
import { createPuzzleApi } from '../puzzles/api.js';
import { PUZZLES } from '../puzzles/content.js';
import { mountPuzzlePage } from '../puzzles/page.js';

applyStoredTheme();
const puzzles = createPuzzleApi(PUZZLES, getEngine);
window.rungs = Object.freeze({ ...rungs, puzzles });
mountPuzzlePage(document.querySelector('[data-widget="puzzles"]'), { puzzles, content: PUZZLES }).then((api) => {
  window.rungsPuzzles = api;
});
