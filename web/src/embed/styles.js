// Puts the embed's stylesheet into a shadow root. A constructed stylesheet is
// shared by every embed on the page (parsed once) and, unlike a <style>
// element, it needs no 'unsafe-inline' in a Content-Security-Policy, ours or
// the host page's. Browsers without adoptedStyleSheets get a <style> element.
import tokens from '../site/tokens.css?inline';
import components from '../site/components.css?inline';
import views from '../views/views.css?inline';
import own from './embed.css?inline';

// `rem` is the host page's root font size, which a documentation theme may
// set to anything (the e2e host page uses 19px). Inside an embed every rem is
// pinned to 16px, so the shared views keep their proportions on any host.
export function pinRem(text) {
  return text.replace(/(\d*\.?\d+)rem\b/g, (_, n) => `${Number((Number(n) * 16).toFixed(3))}px`);
}

// The design tokens (the site's colours, set on .rk), the site's controls,
// the shared views' rules, then the embed's own.
const css = pinRem(`${tokens}\n${components}\n${views}\n${own}`);

let shared = null;

export function adoptStyles(shadowRoot) {
  const doc = shadowRoot.ownerDocument ?? document;
  if ('adoptedStyleSheets' in shadowRoot && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    // A constructed sheet belongs to the document that made it.
    if (!shared || shared.doc !== doc) {
      const sheet = new doc.defaultView.CSSStyleSheet();
      sheet.replaceSync(css);
      shared = { doc, sheet };
    }
    shadowRoot.adoptedStyleSheets = [...shadowRoot.adoptedStyleSheets, shared.sheet];
    return;
  }
  const style = doc.createElement('style');
  style.textContent = css;
  shadowRoot.prepend(style);
}
