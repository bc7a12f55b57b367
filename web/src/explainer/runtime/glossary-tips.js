// Glossary tooltips: hovering or focusing a term link (<a class="term">,
// rendered from [[Term]] in content/) shows its definition, copied from the
// glossary list at the end of the page (its <dd id="def-…">, which the link
// also names in aria-describedby, so screen readers announce it without the
// tooltip). Escape or leaving the term hides it; following the link jumps to
// the full glossary. One tooltip element serves the whole page.
export function installGlossaryTips(scope, doc = scope.ownerDocument ?? document) {
  const tip = doc.createElement('div');
  tip.className = 'term-tip';
  tip.id = 'term-tip';
  tip.setAttribute('role', 'tooltip');
  tip.hidden = true;
  doc.body.append(tip);
  let current = null;

  function show(term) {
    const def = doc.getElementById(`def-${term.dataset.term}`);
    if (!def) return;
    current = term;
    tip.replaceChildren(...[...def.childNodes].map((n) => n.cloneNode(true)));
    tip.dataset.term = term.dataset.term;
    tip.hidden = false;
    const r = term.getBoundingClientRect();
    const view = doc.defaultView;
    const left = Math.max(8, Math.min(r.left + view.scrollX, view.scrollX + view.innerWidth - 340));
    tip.style.left = `${left}px`;
    tip.style.top = `${r.bottom + view.scrollY + 6}px`;
  }
  function hide() {
    current = null;
    tip.hidden = true;
  }
  const termOf = (e) => e.target?.closest?.('a.term');

  scope.addEventListener('mouseover', (e) => {
    const t = termOf(e);
    if (t && t !== current) show(t);
  });
  scope.addEventListener('mouseout', (e) => {
    const t = termOf(e);
    if (t && !t.contains(e.relatedTarget) && doc.activeElement !== t) hide();
  });
  scope.addEventListener('focusin', (e) => {
    const t = termOf(e);
    if (t) show(t);
  });
  scope.addEventListener('focusout', (e) => {
    if (termOf(e)) hide();
  });
  doc.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && current) hide();
  });
  return { show, hide, element: tip };
}
