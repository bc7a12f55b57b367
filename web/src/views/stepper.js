// Step control: first / back / play-pause / forward / last buttons and a
// range slider over `count` steps. It is a control, not a view: it owns a
// little state (the current step, a play timer) and reports changes through
// `onStep(step)`; the views it drives stay pure functions of the step.
//
//   const stepper = createStepper(root, {count, step = 0, onStep, intervalMs = 600, label})
//   stepper.set(step)        move without calling onStep (e.g. a restored link)
//   stepper.value()          the current step
//   stepper.destroy()        stop playing and empty root
//
// Keyboard: the buttons and the slider are native controls; while the slider
// has focus the arrow keys step, Home/End jump, as for any range input.
import { clear, el } from './dom.js';

export function createStepper(root, { count, step = 0, onStep = () => {}, intervalMs = 600, label = 'Grid step' } = {}) {
  clear(root);
  const last = Math.max(0, count - 1);
  let current = Math.min(last, Math.max(0, step));
  let timer = null;

  const button = (text, title, action) => el('button', { type: 'button', title, 'aria-label': title, onclick: action }, text);
  const slider = el('input', { type: 'range', min: 0, max: last, step: 1, value: current, 'aria-label': label });
  const status = el('output', { class: 'rg-stepper-status', 'aria-live': 'polite' });
  const play = button('▶', 'Play', () => (timer ? pause() : start()));

  function render() {
    slider.value = String(current);
    status.textContent = count ? `${label.toLowerCase()} ${current + 1} / ${count}` : 'no steps';
    play.textContent = timer ? '❚❚' : '▶';
    play.setAttribute('aria-label', timer ? 'Pause' : 'Play');
    play.title = timer ? 'Pause' : 'Play';
    root.dataset.step = String(current);
  }
  function go(next, notify = true) {
    const clamped = Math.min(last, Math.max(0, next));
    const changed = clamped !== current;
    current = clamped;
    render();
    if (notify && changed) onStep(current);
  }
  function start() {
    if (count <= 1) return;
    if (current >= last) go(0);
    timer = setInterval(() => {
      if (current >= last) pause();
      else go(current + 1);
    }, intervalMs);
    render();
  }
  function pause() {
    clearInterval(timer);
    timer = null;
    render();
  }

  slider.addEventListener('input', () => go(Number(slider.value)));
  const controls = el(
    'div',
    { class: 'rg-stepper', role: 'group', 'aria-label': label },
    button('«', 'First step', () => go(0)),
    button('‹', 'Previous step', () => go(current - 1)),
    play,
    button('›', 'Next step', () => go(current + 1)),
    button('»', 'Last step', () => go(last)),
    slider,
    status,
  );
  if (count <= 1) for (const b of controls.querySelectorAll('button, input')) b.disabled = true;
  root.append(controls);
  render();

  return {
    set: (s) => go(s, false),
    value: () => current,
    destroy() {
      pause();
      clear(root);
    },
  };
}
