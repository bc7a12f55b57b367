// "Copy for Colab": the kernel exactly as written (nothing stripped), under
// a header comment saying how to run it in a notebook and which playground
// settings produced what the reader saw.
import { paramByName } from '../engine/schema.js';
import { pyLiteral, settingsText } from './settings.js';

// The other files of a multi-file program (files.js serializeFiles: {filename?,
// files?}) come first, written next to the notebook by plain Python, so the
// one pasted cell imports them as the playground did: Colab runs a cell as
// __main__ in the current folder, which is on sys.path.
function writeFiles(files) {
  const entries = Object.entries(files ?? {});
  if (!entries.length) return '';
  const lines = ['# The program\'s other files, as in the playground:', 'import pathlib as _pathlib'];
  for (const [name, text] of entries) {
    if (name.includes('/')) lines.push(`_pathlib.Path(${JSON.stringify(name)}).parent.mkdir(parents=True, exist_ok=True)`);
    // JSON's string escapes are all valid in a Python string literal.
    lines.push(`_pathlib.Path(${JSON.stringify(name)}).write_text(${JSON.stringify(text)})`);
  }
  return `${lines.join('\n')}\n\n`;
}

export function colabSnippet(source, settings, { filename, files } = {}) {
  const set = Object.entries(settings.params ?? {});
  // Only InterpretParams fields have a JAX spelling; the chip params steer
  // Rungs' model of the chip and have none.
  const group = (name) => paramByName(name)?.group;
  const interpret = set.filter(([k]) => group(k) === 'InterpretParams');
  const header = [
    '# From the Rungs playground. In Colab, first run:',
    '#   !pip install -U "jax[cpu]"      # interpret=True and pltpu.InterpretParams run on CPU',
    '#   (on a TPU runtime: !pip install -U "jax[tpu]", and drop interpret= to compile for the chip)',
    '# Useful jax.config switches while debugging:',
    '#   jax.config.update("jax_enable_x64", False)          # keep float32/int32, as on TPU',
    '#   jax.config.update("jax_pallas_enable_debug_checks", True)  # make pl.debug_check assert',
    '#   jax.config.update("jax_traceback_filtering", "off")  # full tracebacks from inside pallas_call',
    `# Playground settings: ${settingsText(settings)}`,
  ];
  if (interpret.length) {
    const args = interpret.map(([k, v]) => `${k}=${pyLiteral(v)}`).join(', ');
    header.push(`#   to reproduce them, pass interpret=pltpu.InterpretParams(${args})`);
  }
  if (settings.devices) {
    header.push(`#   ${settings.devices} devices: run jax.config.update("jax_num_cpu_devices", ${settings.devices}) right after importing jax`);
  }
  if (settings.rung === 'chip' || set.some(([k]) => group(k) === 'chip')) {
    header.push('#   rung 3 in the playground is a model of the chip; only a real TPU runtime is the chip.');
  }
  if (filename && filename.includes('/')) {
    header.push(`#   the playground ran this as ${filename} (python -m ${filename.slice(0, -3).replace(/\//g, '.')}); its relative imports need that`);
  }
  const body = source.endsWith('\n') ? source : `${source}\n`;
  return `${header.join('\n')}\n\n${writeFiles(files)}${body}`;
}
