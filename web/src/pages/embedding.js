// Embedding guide placeholder: the page itself uses the embed script, so the
// live example below the snippet is the real <rungs-kernel>.
import '../site/base.css';
import '../engine/global.js';
import '../embed/rungs-embed.js';
