// "Start work only when scrolled into view", for any number of embeds: one
// IntersectionObserver per page watches them all, and each element's callback
// fires once, the first time any part of it is within `margin` of the
// viewport. A page with twenty kernels below the fold thus downloads and runs
// nothing until the reader gets there.

const MARGIN = '200px 0px'; // start a little before the element is on screen

let observer = null;
const waiting = new Map(); // element -> callback

function onIntersect(entries) {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    const callback = waiting.get(entry.target);
    forget(entry.target);
    callback?.();
  }
}

// Calls `callback` once, when `element` first comes into view. Returns a
// function that cancels the wait (an element removed before it was seen).
export function whenVisible(element, callback) {
  if (typeof IntersectionObserver !== 'function') {
    // No observer (very old browsers, some test DOMs): behave as visible.
    queueMicrotask(callback);
    return () => {};
  }
  observer ??= new IntersectionObserver(onIntersect, { rootMargin: MARGIN });
  waiting.set(element, callback);
  observer.observe(element);
  return () => forget(element);
}

function forget(element) {
  if (!waiting.delete(element)) return;
  observer?.unobserve(element);
}
