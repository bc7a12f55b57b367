// "Copy for Colab": the kernel exactly as written (nothing stripped), under
// a header comment saying how to run it in a notebook and which playground
// settings produced what the reader saw.
import { PARAMS, settingsText } from './settings.js';

export function colabSnippet(source, settings) {
  const params = Object.entries(settings.params ?? {}).filter(([k]) => k !== 'generation');
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
  if (params.length) {
    const args = params.map(([k, v]) => `${k}=${pyLiteral(v)}`).join(', ');
    header.push(`#   to reproduce them, pass interpret=pltpu.InterpretParams(${args})`);
  }
  if (settings.rung === 'chip' || settings.params?.generation) {
    header.push('#   rung 3 in the playground is a model of the chip; only a real TPU runtime is the chip.');
  }
  const body = source.endsWith('\n') ? source : `${source}\n`;
  return `${header.join('\n')}\n\n${body}`;
}

function pyLiteral(v) {
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'string') return `"${v}"`;
  return String(v);
}

export const COLAB_PARAM_KEYS = PARAMS.map((p) => p.key);
