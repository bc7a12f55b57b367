// postMessage between the iframe form (embed.html) and the page framing it.
//
// embed -> host, posted only to the host's origin (never '*'):
//   {source: 'rungs-embed', version: 1, type: 'height', height: <css px>}
//   {source: 'rungs-embed', version: 1, type: 'state', state: 'idle'|'running'|'done'|'error',
//    ok?: bool, stdout?: str, error?: {type, message, line, col}}
// host -> embed, the only message it acts on:
//   {source: 'rungs-host', version: 1, type: 'run'}
//
// Which origin is "the host": the `origin` the embed URL declares (if the
// browser agrees it is the parent's), else the parent's origin as the browser
// reports it (location.ancestorOrigins, then the referrer). A message is obeyed only if it comes from the parent window
// itself, from that origin, and has exactly that shape; everything else is
// dropped without a reply. Nothing received is ever evaluated or rendered:
// the only accepted message carries no data at all.

export const EMBED_SOURCE = 'rungs-embed';
export const HOST_SOURCE = 'rungs-host';
export const VERSION = 1;
const MAX_STDOUT = 10_000; // characters of stdout a state message carries

const originOf = (url) => {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
};

// The origin to talk to, or null when there is no (usable) parent.
// A declared origin that the browser says is not the parent's turns the
// channel off: posting there would be dropped anyway, and listening to it
// would only let a different page at that origin talk to us.
export function hostOrigin({ declared, ancestorOrigins, referrer, framed }) {
  if (!framed) return null;
  // ancestorOrigins (Chromium, Safari) is authoritative; "null" for a
  // sandboxed parent becomes null here and disables the channel.
  const parent = ancestorOrigins?.length ? originOf(ancestorOrigins[0]) : undefined;
  if (declared) return parent === undefined || parent === declared ? declared : null;
  if (parent !== undefined) return parent;
  return referrer ? originOf(referrer) : null;
}

// True only for {source:'rungs-host', version:1, type:'run'} from the parent
// at `origin`, with no other keys.
export function isRunRequest(event, { parent, origin }) {
  if (!origin || event.origin !== origin) return false;
  if (!parent || event.source !== parent) return false;
  const d = event.data;
  if (d === null || typeof d !== 'object' || Array.isArray(d)) return false;
  if (Object.getPrototypeOf(d) !== Object.prototype) return false;
  const keys = Object.keys(d).sort();
  if (keys.length !== 3 || keys[0] !== 'source' || keys[1] !== 'type' || keys[2] !== 'version') return false;
  return d.source === HOST_SOURCE && d.version === VERSION && d.type === 'run';
}

// What the host learns when a run ends: a summary, not the whole document
// (values can be large, and the host asked for a picture, not the data).
export function stateMessage(state, doc) {
  const msg = { source: EMBED_SOURCE, version: VERSION, type: 'state', state };
  if ((state === 'done' || state === 'error') && doc) {
    msg.ok = Boolean(doc.ok);
    msg.stdout = String(doc.stdout ?? '').slice(0, MAX_STDOUT);
    if (doc.error) {
      const { type, message, line, col } = doc.error;
      msg.error = { type: String(type), message: String(message), line: Number(line) || 0, col: Number(col) || 0 };
    }
  }
  return msg;
}

// Wires an embed.html page to its parent. `kernel` is the <rungs-kernel>
// element; returns a function that stops listening.
export function startFrameChannel({ win = window, kernel, declaredOrigin = null }) {
  const framed = win.parent && win.parent !== win;
  const origin = hostOrigin({
    declared: declaredOrigin,
    ancestorOrigins: win.location.ancestorOrigins,
    referrer: win.document.referrer,
    framed,
  });
  if (!origin) return () => {};
  const post = (msg) => win.parent.postMessage(msg, origin);

  const onMessage = (event) => {
    if (isRunRequest(event, { parent: win.parent, origin })) kernel.run();
  };
  win.addEventListener('message', onMessage);

  const onState = (event) => post(stateMessage(event.detail.state, kernel.result));
  kernel.addEventListener('rungs-statechange', onState);

  // Height: whenever the page's content changes size, so the host can size
  // the iframe to fit (only a host script can act on it; see the guide).
  let last = -1;
  const reportHeight = () => {
    const height = Math.ceil(win.document.documentElement.scrollHeight);
    if (height !== last) {
      last = height;
      post({ source: EMBED_SOURCE, version: VERSION, type: 'height', height });
    }
  };
  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(reportHeight) : null;
  resize?.observe(win.document.body);
  reportHeight();
  post(stateMessage(kernel.getAttribute('data-state') ?? 'idle', kernel.result));

  return () => {
    win.removeEventListener('message', onMessage);
    kernel.removeEventListener('rungs-statechange', onState);
    resize?.disconnect();
  };
}
