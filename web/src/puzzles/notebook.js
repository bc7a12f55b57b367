// "Open in Colab": a puzzle attempt as a Jupyter notebook that checks it
// against real JAX with the same checker the page runs. The check program's
// text comes from the engine (core/puzzle/check_program.h: the reader's code,
// then the spec and the harness); the notebook splits it into the reader's
// cell and the checker's, and runs the checker in TPU interpret mode with the
// race detector (rung 2's counterpart) and, on a TPU runtime, compiled for
// the chip. Pure: text in, an nbformat object out.
import { toNotebook } from '../explainer/ipynb.js';

const MARK = '\n# ---- puzzle ';

// The check program -> [the reader's code, the checker]. The checker starts
// at the marker line the engine writes after the reader's source.
export function splitProgram(text) {
  const at = text.indexOf(MARK);
  if (at < 0) return [text, ''];
  return [text.slice(0, at).replace(/\s+$/, '\n'), text.slice(at + 1)];
}

// A Python string literal holding any text (the checker, run with exec).
export function pyString(text) {
  return JSON.stringify(text);
}

export function puzzleNotebook(puzzle, programText) {
  const [mine, checker] = splitProgram(programText);
  // A multi-device puzzle needs that many CPU devices, set before JAX starts.
  const devices = JSON.parse(puzzle.manifest ?? '{}').devices;
  const setup = devices
    ? `# Colab ships JAX; elsewhere: pip install -U "jax[cpu]"\nimport jax\njax.config.update("jax_num_cpu_devices", ${devices})\nprint(jax.__version__, jax.device_count())`
    : '# Colab ships JAX; elsewhere: pip install -U "jax[cpu]"\nimport jax\nprint(jax.__version__)';
  const run = [
    'import jax',
    'from jax.experimental.pallas import tpu as pltpu',
    '',
    `CHECKER = ${pyString(checker)}`,
    '',
    '# Rung 2\'s counterpart: JAX\'s TPU interpret mode, with its race detector, on any machine.',
    'with pltpu.force_tpu_interpret_mode(pltpu.InterpretParams(detect_races=True)):',
    '    exec(CHECKER, globals())',
    '',
    '# On a TPU runtime, the real compiler and chip (what rung 3 models).',
    'if jax.devices()[0].platform == "tpu":',
    '    exec(CHECKER, globals())',
  ].join('\n');
  return toNotebook(
    [
      {
        kind: 'markdown',
        source:
          `${puzzle.statement.trim()}\n\n*From the Rungs puzzles (${puzzle.id}). Edit the next cell, then run all. ` +
          'The checker raises an AssertionError naming the first case and element that differ from the spec.*',
      },
      { kind: 'code', source: setup },
      { kind: 'code', source: mine },
      { kind: 'code', source: run },
    ],
    { title: `Rungs puzzle ${puzzle.id}` },
  );
}
