// The visiting order of a 2-D grid, from one call's trace: a cell per grid
// point, numbered by the position of its step event in the trace (the order
// the engine ran it) and coloured by the core that ran it. Pure: a function
// of the call's grid and step events.
import { el, svgEl } from '../../views/dom.js';
import { stepEvents } from '../../views/trace.js';

export function visitOrder(call) {
  return stepEvents(call).map((ev, i) => ({ point: ev.point, core: ev.core, order: i + 1 }));
}

export function renderVisitGrid(root, call, { title, cell = 34 } = {}) {
  root.replaceChildren();
  const [rows, cols] = call.grid.length === 1 ? [call.grid[0], 1] : call.grid.slice(-2);
  const visits = visitOrder(call);
  const svg = svgEl('svg', {
    class: 'visit-grid',
    width: cols * cell + 2,
    height: rows * cell + 2,
    viewBox: `-1 -1 ${cols * cell + 2} ${rows * cell + 2}`,
    role: 'img',
    'aria-label': `${title}: grid points numbered in the order they ran`,
    'data-order': visits.map((v) => `${v.point.join(',')}:${v.order}:${v.core}`).join(' '),
  });
  for (const v of visits) {
    const [r, c] = v.point.length === 1 ? [v.point[0], 0] : v.point.slice(-2);
    svg.append(
      svgEl('rect', { class: `visit-cell core-${v.core}`, x: c * cell, y: r * cell, width: cell, height: cell }),
      svgEl('text', { class: 'visit-label', x: c * cell + cell / 2, y: r * cell + cell / 2 + 4, 'text-anchor': 'middle' }, String(v.order)),
    );
  }
  const cores = [...new Set(visits.map((v) => v.core))].sort();
  root.append(
    el('figure', { class: 'visit-figure' },
      el('figcaption', {}, title),
      svg,
      el('p', { class: 'visit-legend' }, `${visits.length} steps`, cores.length > 1 ? `, on cores ${cores.join(' and ')} (colours)` : ', all on core 0')),
  );
}
