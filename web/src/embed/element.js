// <rungs-kernel>: a live kernel in a documentation page.
//
//   <rungs-kernel rung="tpu" params='{"detect_races": true}' views="output,console"
//                 height="420" editable theme="dark" run="click" devices="4">
//     ...python...            (or src="kernels/add.py", same origin)
//     <script type="text/x-python" data-file="util.py">...</script>
//   </rungs-kernel>
//
// Child scripts with data-file are the program's other files (engine.run's
// `files`): the main program imports them (`import util`).
//
// Life of an element: on connect it draws its frame (kernel text, Run, the
// playground link) inside a shadow root; nothing heavier happens until it
// first scrolls into view, when it fetches `src` (if any) and, unless
// run="click", runs once on the page's shared engine (page-engine.js). Its
// state is mirrored on the element as data-state (idle|running|done|error)
// beside data-widget="embed", so host scripts and tests can wait on it
// without entering the shadow root, and a `rungs-statechange` event fires on
// every change. `el.run()`, `el.result` and `el.source` are the script API.
import { CONFIG_ATTRIBUTES, parseConfig } from './attributes.js';
import { mountEmbed } from './embed-view.js';
import { pageEngine } from './page-engine.js';
import { declareEmbedFonts } from './fonts.js';
import { fetchSource, inlineFiles, inlineSource } from './source.js';
import { adoptStyles } from './styles.js';
import { whenVisible } from './visibility.js';

export function defineRungsKernel({ siteRoot, name = 'rungs-kernel', getEngine = pageEngine } = {}) {
  if (customElements.get(name)) return customElements.get(name);

  class RungsKernel extends HTMLElement {
    static observedAttributes = [...CONFIG_ATTRIBUTES, 'src'];

    #view = null;
    #visible = false; // has it been in view yet?
    #cancelWait = null;
    #source = null; // text set through the `source` property, used verbatim
    #files = null; // {name: text} set through the `files` property, used verbatim
    #token = null; // identifies the current mount; stale views stay quiet

    connectedCallback() {
      if (!this.shadowRoot) {
        declareEmbedFonts(this.ownerDocument); // @font-face does not work inside a shadow root
        adoptStyles(this.attachShadow({ mode: 'open' }));
      }
      this.setAttribute('data-widget', 'embed');
      if (!this.#view) this.#mount();
      if (!this.#visible && !this.#cancelWait) {
        this.#cancelWait = whenVisible(this, () => {
          this.#cancelWait = null;
          this.#visible = true;
          this.#activate();
        });
      }
    }

    disconnectedCallback() {
      this.#cancelWait?.();
      this.#cancelWait = null;
    }

    attributeChangedCallback(attr, before, after) {
      // Settings are read once per mount; a later change redraws the embed
      // (and, once it has been seen, loads and runs it again).
      if (!this.#view || before === after) return;
      this.#mount();
      if (this.#visible) this.#activate();
    }

    get result() {
      return this.#view?.result ?? null;
    }

    get source() {
      return this.#view?.source ?? this.#source ?? '';
    }

    // Sets the kernel from a script, exactly as given (no dedent), in place
    // of the element's text or src; embed.html uses it for the URL's code.
    set source(text) {
      this.#source = String(text ?? '');
      this.#view?.setSource(this.#source);
    }

    get files() {
      return { ...(this.#view?.files ?? this.#files ?? {}) };
    }

    // Sets the other files from a script ({name: text}), in place of the
    // element's data-file children; embed.html uses it for the URL's files.
    set files(value) {
      this.#files = { ...(value ?? {}) };
      this.#view?.setFiles(this.#files);
    }

    run() {
      return this.#view ? this.#view.run() : Promise.resolve(null);
    }

    #mount() {
      const { config, problems: attributeProblems } = parseConfig((attr) => this.getAttribute(attr));
      const inline = this.#files === null ? inlineFiles(this) : { files: this.#files, problems: [] };
      const problems = [...attributeProblems, ...inline.problems];
      const token = {};
      this.#token = token;
      this.shadowRoot.replaceChildren();
      this.#view = mountEmbed(this.shadowRoot, {
        config,
        problems,
        siteRoot,
        getEngine,
        onState: (state) => {
          if (this.#token !== token) return; // a run of a replaced mount ended
          this.setAttribute('data-state', state);
          this.dispatchEvent(new CustomEvent('rungs-statechange', { detail: { state } }));
        },
      });
      this.#view.setFiles(inline.files);
      if (this.#source !== null) this.#view.setSource(this.#source);
      else if (!this.hasAttribute('src')) this.#view.setSource(inlineSource(this));
      else this.#view.setMessage('the kernel loads when it scrolls into view');
    }

    async #activate() {
      const view = this.#view;
      if (view.state === 'error') return; // attribute problems: nothing to run
      if (this.hasAttribute('src') && this.#source === null) {
        view.setMessage('loading the kernel…', 'idle');
        try {
          const text = await fetchSource(this.getAttribute('src'), { baseURI: document.baseURI, origin: location.origin });
          if (view !== this.#view) return; // remounted meanwhile
          view.setSource(text);
          view.setMessage('', 'idle');
        } catch (err) {
          if (view === this.#view) view.setMessage(String(err?.message ?? err), 'error');
          return;
        }
      }
      if (view.config.run === 'auto') view.run();
    }
  }

  customElements.define(name, RungsKernel);
  return RungsKernel;
}
