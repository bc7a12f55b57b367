// The build-time python check (web/src/explainer/build/check-python.js): a
// block that does not parse fails with the Markdown file and the line the
// engine points at. The fixture's error sits on the block's third line, so a
// report at the block's first line (what a missed match falls back to) fails.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPython, findCli } from '../../../web/src/explainer/build/check-python.js';
import { ContentError } from '../../../web/src/explainer/build/content-error.js';
import { renderExplainer } from '../../../web/src/explainer/build/page.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const cli = findCli(root);

describe.skipIf(!cli)('checkPython', () => {
  it('reports a syntax error at its own line of the Markdown file', () => {
    const page = renderExplainer({ root, contentDir: path.join(here, 'fixtures/syntax-error-content') });
    expect(page.pythonBlocks).toHaveLength(1);
    expect(page.pythonBlocks[0].line).toBe(8);
    let error = null;
    try {
      checkPython(page.pythonBlocks, cli);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ContentError);
    expect(error.message).toBe(
      "tests/web/explainer/fixtures/syntax-error-content/explainer/00-syntax.md:10: SyntaxError: '(' was never closed (column 5)",
    );
  });

  it('passes a block that parses', () => {
    expect(() => checkPython([{ file: 'x.md', line: 1, code: 'x = (1,\n  2)\n' }], cli)).not.toThrow();
  });
});
