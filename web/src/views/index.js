// The shared D3 views, for the playground, the explainer and the embed.
// Every view is a pure function of (result document, step, options) that
// empties the root element it is given and draws into it; none reads or
// writes anything outside that root. Import the stylesheet once per page:
//   import '../views/views.css';
export { renderHeatmap, renderValue } from './heatmap.js';
export { renderGridWalk } from './grid_walk.js';
export { renderTimeline } from './timeline.js';
export { renderRaces } from './races.js';
export { renderCompare } from './compare.js';
export { renderConsole } from './console.js';
export { renderLowered } from './lowered.js';
export { createStepper } from './stepper.js';
export { stepCount, stepEvent, stepEvents } from './trace.js';
