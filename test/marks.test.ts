import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create } from 'fontkit';
import { npmFont, root, shapedAlike, type Font } from './helpers/shaping.js';
import { markFree, markGlyphs } from '../src/pdf/marks.js';

const FONTS = [
  join(root, 'fonts/Andika-Regular.ttf'),
  join(root, 'fonts/Andika-Bold.ttf'),
  join(root, 'fonts/Andika-Italic.ttf'),
  npmFont('@fontsource-variable/lexend', 'lexend-latin-ext-wght-normal.woff2'),
  npmFont('@fontsource-variable/noto-sans-devanagari', 'noto-sans-devanagari-devanagari-wght-normal.woff2'),
  npmFont('@fontsource-variable/noto-sans-hebrew', 'noto-sans-hebrew-hebrew-wght-normal.woff2'),
  npmFont('@fontsource-variable/noto-sans-thai', 'noto-sans-thai-thai-wght-normal.woff2'),
  npmFont('@fontsource-variable/vazirmatn', 'vazirmatn-arabic-wght-normal.woff2'),
];

/** Words of every kind the pages print, and words made to meet the fonts' mark lookups. */
function words(): string[] {
  const out = ['Calcudoku', '6\u00d76', '\u22121', 'Zo\u00eb', 'Nguy\u1ec5n Th\u1ecb H\u01b0\u1eddng', 'e\u0301mile', 'x\u0302', 'a\u02de', 'o\u031b\u0301', 'i\u0307\u0301'];
  out.push('\u0905\u0928\u0928\u094d\u092f\u093e', '\u0939\u093f\u0928\u094d\u0926\u0940', '\u05d3\u05bc\u05b8\u05d5\u05b4\u05d3', '\u0e2a\u0e21\u0e0a\u0e32\u0e22\u0e48', '\u0645\u064f\u062d\u064e\u0645\u0651\u064e\u062f');
  const codes = [0x21, 0x370, 0x1e00, 0x1f00, 0x2000, 0x2200].flatMap((from, i, a) => (i % 2 ? [] : Array.from({ length: a[i + 1]! - from }, (_, k) => from + k)));
  for (const c of codes) {
    const ch = String.fromCodePoint(c);
    out.push(`a${ch}`, `f${ch}i`, `${ch}\u0301`);
  }
  // characters fontkit hides (a grapheme joiner, a soft hyphen, ...) after the mark lookups may have moved them
  for (const c of [0xad, 0x34f, 0x61c, 0x200b, 0x200c, 0x200d, 0x2060, 0xfe00, 0xfeff]) {
    const ch = String.fromCodePoint(c);
    out.push(`a${ch}`, `a${ch}\u0301`);
  }
  return out;
}

describe('mark lookups (src/pdf/marks.ts)', () => {
  it('a word none of whose glyphs the mark lookups move is shaped the same without mark and mkmk', () => {
    for (const file of FONTS) {
      const font = create(readFileSync(file)) as unknown as Font;
      const marks = markGlyphs(font);
      expect(marks, file).not.toBeNull();
      const { skipped, shaped: moved } = shapedAlike(font, file, words(), { mark: false, mkmk: false }, (w, glyphs) => markFree(w, glyphs, marks!));
      // both ways are taken: plain words skip the lookups, words with combining marks do not
      expect(skipped, file).toBeGreaterThan(100);
      expect(moved, file).toBeGreaterThan(0);
    }
  });

  it("knows Andika's cursive joins: a letter before the rhotic hook is shaped in full", () => {
    const font = create(readFileSync(join(root, 'fonts/Andika-Regular.ttf'))) as unknown as Font;
    const marks = markGlyphs(font)!;
    expect(markFree('a\u02de', font.layout('a\u02de', { mark: false, mkmk: false }).glyphs, marks)).toBe(false);
    // and plain Latin letters are not among them, so pages of plain words skip the lookups
    expect(markFree('Find the path', font.layout('Find the path', { mark: false, mkmk: false }).glyphs, marks)).toBe(true);
  });
});
