// The kernel gallery: every content/kernels/*.py, bundled at build time.
// The first line of each file is a one-line description comment; it is the
// gallery's title for the kernel, so the list and the files cannot drift.
// A kernel that runs on several simulated devices says how many on its
// second line (`# devices: 4`); picking it sets the playground's Devices.
const files = import.meta.glob('../../../content/kernels/*.py', { query: '?raw', import: 'default', eager: true });

export function parseKernel(path, text) {
  const id = path.split('/').pop().replace(/\.py$/, '');
  const [first, second = ''] = text.split('\n', 2);
  const title = first.startsWith('#') ? first.replace(/^#\s*/, '').trim() : id.replace(/_/g, ' ');
  const devices = /^#\s*devices:\s*(\d+)\s*$/.exec(second);
  return { id, title, source: text, devices: devices ? Number(devices[1]) : null };
}

export const GALLERY = Object.entries(files)
  .map(([path, text]) => parseKernel(path, text))
  .sort((a, b) => a.id.localeCompare(b.id));

export const DEFAULT_KERNEL = 'one_block_past_the_end';

export function kernelById(id) {
  return GALLERY.find((k) => k.id === id) ?? null;
}
