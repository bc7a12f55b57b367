// Widget name (data-widget, as declared in content/) -> its module, loaded
// only when the widget scrolls into view.
export const LOADERS = {
  'rung-ladder': () => import('./rung-ladder.js'),
  'rung-walk': () => import('./rung-walk.js'),
  'memory-spaces': () => import('./memory-spaces.js'),
  'interpret-loop': () => import('./interpret-loop.js'),
  padding: () => import('./padding.js'),
  'grid-order': () => import('./grid-order.js'),
  oob: () => import('./oob.js'),
  'debug-picker': () => import('./debug-picker.js'),
  notebook: () => import('./notebook.js'),
  aliasing: () => import('./aliasing.js'),
  ring: () => import('./ring.js'),
  questions: () => import('./questions.js'),
  kernel: () => import('./kernel.js'),
};
