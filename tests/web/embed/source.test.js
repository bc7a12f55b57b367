// Kernel text from the element (dedented) or from src (same origin only).
import { describe, expect, it } from 'vitest';
import { dedent, fetchSource } from '../../../web/src/embed/source.js';

describe('dedent', () => {
  it('strips the HTML indentation and the blank lines around the program', () => {
    const text = '\n        def f(x):\n            return x\n\n        print(f(1))\n      ';
    expect(dedent(text)).toBe('def f(x):\n    return x\n\nprint(f(1))\n');
  });
  it('leaves a program without common indentation alone', () => {
    expect(dedent('x = 1\n  # indented comment\n')).toBe('x = 1\n  # indented comment\n');
  });
  it('normalises line endings and handles empty text', () => {
    expect(dedent('  a\r\n  b\r')).toBe('a\nb\n');
    expect(dedent('   \n  ')).toBe('');
    expect(dedent(null)).toBe('');
  });
});

describe('fetchSource', () => {
  const origin = 'https://docs.example.org';
  const baseURI = 'https://docs.example.org/guide/page.html';
  const okFetch = (body, url) => async (href) => ({ ok: true, status: 200, url: url ?? href, text: async () => body });

  it('fetches a relative src against the page and dedents it', async () => {
    let asked;
    const text = await fetchSource('kernels/add.py', {
      baseURI,
      origin,
      fetchImpl: async (href, init) => {
        asked = { href, init };
        return okFetch('  x = 1\n')(href);
      },
    });
    expect(asked.href).toBe('https://docs.example.org/guide/kernels/add.py');
    expect(asked.init.credentials).toBe('same-origin');
    expect(text).toBe('x = 1\n');
  });

  it('refuses other origins, including after a redirect', async () => {
    await expect(fetchSource('https://evil.example/k.py', { baseURI, origin, fetchImpl: okFetch('x') })).rejects.toThrow(
      'invalid src: https://evil.example/k.py is not on this page\'s origin (https://docs.example.org)',
    );
    await expect(fetchSource('data:text/plain,x%3D1', { baseURI, origin, fetchImpl: okFetch('x') })).rejects.toThrow(/not on this page's origin/);
    await expect(fetchSource('k.py', { baseURI, origin, fetchImpl: okFetch('x', 'https://evil.example/k.py') })).rejects.toThrow(/redirected off/);
  });

  it('reports HTTP errors', async () => {
    const fetchImpl = async (href) => ({ ok: false, status: 404, url: href, text: async () => '' });
    await expect(fetchSource('missing.py', { baseURI, origin, fetchImpl })).rejects.toThrow(
      'could not load src https://docs.example.org/guide/missing.py: HTTP 404',
    );
  });
});
