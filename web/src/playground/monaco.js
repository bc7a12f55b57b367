// Monaco, bundled (no CDN; TOOLCHAIN §4 for the 0.57 import paths), loaded
// only by the playground and only on devices where it works. Registers the
// Pallas completions and hovers once, for Python models.
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/python/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import { COMPLETIONS, completionsAt } from './completions.js';

self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

let registered = false;

export function setupMonaco() {
  if (registered) return monaco;
  registered = true;
  monaco.languages.registerCompletionItemProvider('python', {
    triggerCharacters: ['.'],
    provideCompletionItems(model, position) {
      const before = model.getValueInRange({ startLineNumber: position.lineNumber, startColumn: 1, endLineNumber: position.lineNumber, endColumn: position.column });
      const found = completionsAt(before);
      if (!found) return { suggestions: [] };
      const range = {
        startLineNumber: position.lineNumber,
        endLineNumber: position.lineNumber,
        startColumn: position.column - found.partial.length,
        endColumn: position.column,
      };
      const suggestions = found.items.map((c) => ({
        label: c.name,
        kind: c.callable ? monaco.languages.CompletionItemKind.Function : monaco.languages.CompletionItemKind.Constant,
        detail: `${c.module}.${c.name}${c.signature}`,
        documentation: c.doc,
        insertText: c.name,
        range,
      }));
      return { suggestions };
    },
  });
  monaco.languages.registerHoverProvider('python', {
    provideHover(model, position) {
      const line = model.getLineContent(position.lineNumber);
      const re = /\b(pl|pltpu|jnp|lax)\.(\w+)/g;
      for (let m = re.exec(line); m; m = re.exec(line)) {
        const start = m.index + 1;
        const end = start + m[0].length;
        if (position.column < start || position.column > end) continue;
        const c = COMPLETIONS.find((x) => x.module === m[1] && x.name === m[2]);
        if (!c) return null;
        return {
          range: { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: start, endColumn: end },
          // Plain-text contents: isTrusted is off and there is no HTML.
          contents: [{ value: `\`${c.module}.${c.name}${c.signature}\`` }, { value: c.doc }],
        };
      }
      return null;
    },
  });
  return monaco;
}
