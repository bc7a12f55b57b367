// The embed's views by name (the `views` attribute), over the shared views of
// web/src/views/. Each entry is a pure function (root, doc, step, {call})
// that empties `root` and draws into it, touching nothing outside (STYLE
// habit 13), so several embeds on one page never see each other. `stepped`
// views follow the embed's grid-step control.
import { renderConsole, renderGridWalk, renderRaces, renderTimeline } from '../../views/index.js';
import { el } from '../../views/dom.js';
import { renderOutput } from './output.js';

const hasRaces = (doc) => (doc.calls ?? []).some((c) => c.races?.length);

export const VIEW_RENDERERS = Object.freeze({
  output: { title: 'Output', stepped: false, render: (root, doc) => renderOutput(root, doc) },
  grid: {
    title: 'Grid walk',
    stepped: true,
    render: (root, doc, step, { call }) => renderGridWalk(root, doc, step, { call, maxWidth: 460, maxHeight: 220 }),
  },
  memory: {
    title: 'Memory',
    stepped: true,
    render: (root, doc, step, { call }) => renderTimeline(root, doc, step, { call }),
  },
  console: {
    title: 'Console',
    stepped: false,
    render(root, doc, step, { call }) {
      renderConsole(root, doc, null, { call });
      if (hasRaces(doc)) {
        const races = el('div', { class: 'rk-races' });
        root.append(races);
        renderRaces(races, doc, step, {});
      }
    },
  },
});
