import { describe, expect, it } from 'vitest';
import { nodePort } from '../src/port/node.js';
import { setPort } from '../src/port/index.js';
import { Draw } from '../src/pdf/draw.js';
import { createDocument } from '../src/pdf/document.js';

// An install made with --omit=optional has no Chinese or Korean fonts: as if their packages were absent.
setPort({
  ...nodePort,
  asset(path) {
    if (/noto-sans-(sc|kr)\//.test(path)) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return nodePort.asset(path);
  },
});

describe('an install without the optional Chinese and Korean fonts', () => {
  it('refuses such text naming the package to install, and still prints the other scripts', () => {
    const d = new Draw(createDocument('a4', { title: 't', subject: '', keywords: '' }));
    d.doc.addPage();
    expect(() => d.text('你好', { x: 0, y: 0, w: 200, h: 20 })).toThrow(/"你" \(U\+4F60\).*npm install @fontsource-variable\/noto-sans-sc$/);
    expect(() => d.text('안녕', { x: 0, y: 0, w: 200, h: 20 })).toThrow(/npm install @fontsource-variable\/noto-sans-kr$/);
    expect(() => d.text('مرحبا Ελλάδα', { x: 0, y: 0, w: 200, h: 20 })).not.toThrow();
  });
});
