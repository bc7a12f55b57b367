// /rungs-embed.js: defines <rungs-kernel> for documentation sites.
//   <script type="module" src="https://RUNGS-SITE/rungs-embed.js"></script>
//   <rungs-kernel rung="interpret">...python source...</rungs-kernel>
// Each element becomes an iframe of embed.html from the Rungs site itself:
// a Web Worker must be same-origin with its page, so the engine has to run in
// a Rungs-origin frame, and the host page needs no build step or CSP change.

// Where embed.html lives: beside this script once built; the dev server
// serves this file from /src/embed/, so there it is the site root.
// (The name sits in a variable so Vite does not try to bundle it as an asset.)
const page = 'embed.html';
const EMBED_PAGE = import.meta.env.DEV
  ? new URL(`/${page}`, location.href)
  : new URL(page, import.meta.url);

class RungsKernel extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    const source = (this.textContent ?? '').replace(/^\n/, '');
    const url = new URL(EMBED_PAGE);
    const fragment = new URLSearchParams({ src: source });
    if (this.getAttribute('rung')) fragment.set('rung', this.getAttribute('rung'));
    url.hash = fragment.toString();
    const frame = document.createElement('iframe');
    frame.src = url.href;
    frame.title = 'Rungs kernel';
    frame.loading = 'lazy';
    frame.style.cssText = 'width:100%;border:1px solid #8884;border-radius:4px;';
    frame.height = this.getAttribute('height') ?? '360';
    this.attachShadow({ mode: 'open' }).append(frame);
  }
}

if (!customElements.get('rungs-kernel')) customElements.define('rungs-kernel', RungsKernel);
