// Every python block in content/ is parsed by the native engine at build
// time (`rungs run FILE --dump=ast`), so a syntax error fails the build with
// the .md file and line instead of surfacing as a broken widget in a
// browser. The dump prints "error L:C SyntaxError: ..." on a line of its own,
// relative to the block; we shift it to the block's place in the Markdown file.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ContentError } from './content-error.js';

// RUNGS_CLI, else build/native/rungs (what scripts/build.sh makes), else the
// newest other native build under build/ (developers keep several trees).
export function findCli(root) {
  if (process.env.RUNGS_CLI) return existsSync(process.env.RUNGS_CLI) ? process.env.RUNGS_CLI : null;
  const main = path.join(root, 'build/native/rungs');
  if (existsSync(main)) return main;
  const build = path.join(root, 'build');
  if (!existsSync(build)) return null;
  const others = readdirSync(build)
    .map((d) => path.join(build, d, 'rungs'))
    .filter((p) => existsSync(p) && statSync(p).isFile() && statSync(p).mode & 0o111)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return others[0] ?? null;
}

// blocks: [{file, line (1-based line of the block's first code line), code}]
export function checkPython(blocks, cli) {
  const dir = mkdtempSync(path.join(tmpdir(), 'rungs-content-'));
  try {
    blocks.forEach((block, i) => {
      const file = path.join(dir, `block${i}.py`);
      writeFileSync(file, block.code);
      const run = spawnSync(cli, ['run', file, '--dump=ast'], { encoding: 'utf8', timeout: 20_000 });
      if (run.error) throw new Error(`could not run ${cli}: ${run.error.message}`);
      if (run.status === 0) return;
      const text = `${run.stderr}\n${run.stdout}`;
      const m = /^error (\d+):(\d+) (\w+: .*)$/m.exec(text);
      if (!m) throw new ContentError(block.file, block.line, `the engine refused this block: ${text.trim().slice(0, 300)}`);
      throw new ContentError(block.file, block.line + Number(m[1]) - 1, `${m[3]} (column ${m[2]})`);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
