// @vitest-environment jsdom
// An embed's other files: child <script type="text/x-python" data-file>
// elements, read apart from the main program's text (source.js).
import { describe, expect, it } from 'vitest';
import { inlineFiles, inlineSource } from '../../../web/src/embed/source.js';
import { decodeState, encodeState, playgroundUrl } from '../../../web/src/embed/state.js';
import { decodeState as decodeShared } from '../../../web/src/playground/share.js';

function host(html) {
  const el = document.createElement('rungs-kernel');
  el.innerHTML = html;
  return el;
}

describe('embed files', () => {
  it('reads data-file scripts as files and leaves them out of the main program', () => {
    const el = host(`
      <script type="text/x-python">
        import util
        print(util.double(2))
      </script>
      <script type="text/x-python" data-file="util.py">
        def double(x):
            return 2 * x
      </script>
      <script type="text/x-python" data-file="pkg/__init__.py"></script>`);
    expect(inlineSource(el)).toBe('import util\nprint(util.double(2))\n');
    expect(inlineFiles(el)).toEqual({ files: { 'util.py': 'def double(x):\n    return 2 * x\n', 'pkg/__init__.py': '' }, problems: [] });
  });

  it('reads a main program written as bare text beside the file scripts', () => {
    const el = host('\n  import util\n  <script type="text/x-python" data-file="util.py">A = 1</script>\n');
    expect(inlineSource(el)).toBe('import util\n');
    expect(inlineFiles(el).files).toEqual({ 'util.py': 'A = 1\n' });
  });

  it('lists bad, repeated or untyped file scripts as problems and leaves them out', () => {
    const el = host(`
      <script type="text/x-python" data-file="my-util.py">x = 1</script>
      <script type="text/x-python" data-file="a.py">x = 1</script>
      <script type="text/x-python" data-file="a.py">x = 2</script>
      <script type="text/x-python" data-file="kernel.py">x = 3</script>
      <script type="text/plain" data-file="b.py">x = 4</script>`);
    const { files, problems } = inlineFiles(el);
    expect(files).toEqual({ 'a.py': 'x = 1\n' });
    expect(problems).toEqual([
      'data-file="my-util.py": "my-util" in "my-util.py" is not a Python identifier (letters, digits and _, not starting with a digit), so no import could name it',
      'data-file="a.py": there is already a file named a.py',
      'data-file="kernel.py": there is already a file named kernel.py',
      '<script data-file="b.py"> needs type="text/x-python"',
    ]);
  });

  it('carries the files into the playground link and the iframe form', () => {
    const url = new URL(playgroundUrl(new URL('https://rungs.example/'), 'import util\n', { rung: 'tpu', params: {} }, { 'util.py': 'A = 1\n' }));
    expect(decodeShared(url.hash)).toEqual({ ok: true, state: { source: 'import util\n', settings: { rung: 'tpu', params: {} }, files: { 'util.py': 'A = 1\n' } } });
    const fragment = encodeState({ code: 'import util\n', files: { 'util.py': 'A = 1\n' }, rung: 'tpu', editable: true });
    expect(decodeState(fragment)).toMatchObject({ ok: true, code: 'import util\n', files: { 'util.py': 'A = 1\n' }, settings: { rung: 'tpu', editable: 'true' } });
  });
});
