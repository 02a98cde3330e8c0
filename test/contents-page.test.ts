import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages, messages } from '../src/i18n/messages.js';
import { createDocument } from '../src/pdf/document.js';
import { Draw } from '../src/pdf/draw.js';
import { readPages } from './helpers/pdf-words.js';

/**
 * A booklet's contents line ("Calcudoku 6×6 · page 12") keeps the word for page and its number on
 * one line in every language: set in a column that just misses the number, the number takes its
 * word down with it rather than standing alone.
 */
describe('contents lines', () => {
  it('never leave the page number alone on a line, in any language', async () => {
    const langs = languages();
    const doc = createDocument('a4', { title: '', subject: '', keywords: '' });
    const d = new Draw(doc);
    const shown: { lang: string; text: string }[] = [];
    for (const lang of langs) {
      const text = messages(lang).t('page.contentsLine', { name: 'Calcudoku 6×6', page: 12 });
      // everything before the number fits, the number does not
      const before = text.slice(0, text.indexOf('12')).replace(/\s+$/u, '');
      doc.addPage();
      d.rtl = messages(lang).dir === 'rtl';
      d.paragraph(text, 40, 40, d.textWidth(`${before} `, 12) + 0.5, { size: 12 });
      shown.push({ lang, text });
    }
    const chunks: Uint8Array[] = [];
    const done = new Promise((resolve) => doc.on('end', resolve));
    doc.on('data', (b: Uint8Array) => chunks.push(b));
    doc.end();
    await done;
    const file = join(mkdtempSync(join(tmpdir(), 'pp-contents-')), 'contents.pdf');
    writeFileSync(file, Buffer.concat(chunks));
    const alone: string[] = [];
    readPages(file).forEach((p, i) => {
      const { lang, text } = shown[i]!;
      const number = p.words.find((w) => w.text.includes('12'))!;
      expect(number, lang).toBeDefined();
      // one line: boxes centred alike (an Arabic word's box, from another font, is a little taller)
      const mid = (w: typeof number) => (w.y0 + w.y1) / 2;
      const line = p.words.filter((w) => Math.abs(mid(w) - mid(number)) < (number.y1 - number.y0) / 3).map((w) => w.text).join(' ');
      // the words around the number in the message ('page', 'Seite', '第 … 页') share its line
      const around = text.replace('Calcudoku 6×6', '').split(/[\s·]+/u).filter((w) => w && !w.includes('12'));
      // pdftotext gives an Arabic word's letters in drawing order, right to left
      const missing = around.filter((w) => !line.includes(w) && !line.includes([...w].reverse().join('')));
      if (missing.length) alone.push(`${lang}: "${line}" without ${missing.join(', ')}`);
    });
    expect(alone).toEqual([]);
  });
});
