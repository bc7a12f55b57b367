// The one convention every live widget follows (DESIGN.md "Widgets"): the
// root element carries data-widget="NAME" and data-state, so tests and
// scripts can wait for "done" or "error" instead of sleeping.
export function setState(root, state) {
  root.dataset.state = state; // idle | running | done | error
}

// Shows a result document as text. textContent, never innerHTML: the
// document quotes program text and messages derived from it.
export function showResult(pre, doc) {
  pre.textContent = JSON.stringify(doc, null, 2);
}

// Runs `work` with the widget in the running state; ends in done or error
// (error also when the engine answered with an ok:false document).
export async function runWidget(root, pre, work) {
  setState(root, 'running');
  try {
    const doc = await work();
    showResult(pre, doc);
    setState(root, doc && doc.ok === false ? 'error' : 'done');
  } catch (err) {
    pre.textContent = String(err?.message ?? err);
    setState(root, 'error');
  }
}
