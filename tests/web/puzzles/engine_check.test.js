// One real puzzle check through the wasm engine the page loads (the Embind
// puzzleCheck/puzzleProgram the worker calls), so the binding is exercised
// and agrees with the native checker's verdicts (tests/core/puzzle).
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import createRungsModule from '../../../web/src/generated/rungs.mjs';
import { PUZZLES } from '../../../web/src/puzzles/content.js';

describe('the wasm engine checks a puzzle', () => {
  it('solves puzzle 1 with its solution and refuses its starter', async () => {
    const wasmBinary = await readFile(new URL('../../../web/src/generated/rungs.wasm', import.meta.url));
    const m = await createRungsModule({ wasmBinary });
    const p = PUZZLES[0];
    const solved = JSON.parse(m.puzzleCheck(p.id, p.manifest, p.spec, p.solution));
    expect(solved.solved).toBe(true);
    const starter = JSON.parse(m.puzzleCheck(p.id, p.manifest, p.spec, p.starter));
    expect(starter.solved).toBe(false);
    expect(starter.rungs.interpret.message).toMatch(/values differ from the spec/);
    expect(starter.rungs.interpret.failure.got.shape).toEqual([8, 128]);
    const program = JSON.parse(m.puzzleProgram(p.id, p.manifest, p.spec, p.starter));
    expect(program.text.startsWith(p.starter)).toBe(true);
  });
});
