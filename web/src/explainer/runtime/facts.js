// Facts: numbers the prose quotes ({{widget.key}} in content/), computed by
// a widget's engine run and written into every <output data-fact> on the
// page. The page owns this, not the widget: a fact usually sits in the text
// above the widget that computes it.
export function publishFact(doc, key, value) {
  if (!/^[a-z][a-z-]*\.[a-z_]+$/.test(key)) throw new Error(`bad fact key ${key}`);
  const text = Array.isArray(value) ? `(${value.join(', ')})` : String(value);
  for (const out of doc.querySelectorAll(`output[data-fact="${key}"]`)) {
    out.textContent = text;
    out.dataset.filled = 'true';
  }
}
