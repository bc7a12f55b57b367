// The one convention every live widget follows (DESIGN.md "Widgets"): the
// root element carries data-widget="NAME" and data-state, so tests and
// scripts can wait for "done" or "error" instead of sleeping.
export function setState(root, state) {
  root.dataset.state = state; // idle | running | done | error
}
