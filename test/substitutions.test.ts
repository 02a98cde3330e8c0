import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create } from 'fontkit';
import { npmFont, root, shapedAlike, type Font } from './helpers/shaping.js';
import { substitutionFree, substitutions } from '../src/pdf/substitutions.js';

const FONTS = [
  join(root, 'fonts/Andika-Regular.ttf'),
  join(root, 'fonts/Andika-Bold.ttf'),
  join(root, 'fonts/Andika-Italic.ttf'),
  npmFont('@fontsource-variable/lexend', 'lexend-latin-ext-wght-normal.woff2'),
  npmFont('@fontsource/atkinson-hyperlegible', 'atkinson-hyperlegible-latin-400-normal.woff2'),
  npmFont('@fontsource/didact-gothic', 'didact-gothic-latin-400-normal.woff2'),
  npmFont('@fontsource-variable/noto-sans-devanagari', 'noto-sans-devanagari-devanagari-wght-normal.woff2'),
  npmFont('@fontsource-variable/vazirmatn', 'vazirmatn-arabic-wght-normal.woff2'),
];

/** Printable ASCII words: the pages' words and codes, and every pair of characters between letters. */
function words(): string[] {
  const out = ['Calcudoku', 'Fill each row', 'K6MF-0YWWYXTAH4', 'K6MF-0YWWYXTAH4 ', 'F8x8m-95TQCS6WYK ', 'office', 'fjord', '1: ', '12+', 'Pupil 17', 'Page 1 of 2'];
  for (let a = 0x20; a < 0x7f; a++) {
    for (let b = 0x20; b < 0x7f; b += 3) out.push(`a${String.fromCharCode(a, b)}e`);
    out.push(`${String.fromCharCode(a)}fi${String.fromCharCode(a)}`, `${String.fromCharCode(a)}ij `);
  }
  return out;
}

describe('default substitutions (src/pdf/substitutions.ts)', () => {
  it('a word none of whose glyphs sets off a default substitution is shaped the same without them', () => {
    let read = 0;
    let set = 0;
    for (const file of FONTS) {
      const font = create(readFileSync(file)) as unknown as Font;
      const subs = substitutions(font);
      if (!subs) continue; // words of that font are shaped in full
      read++;
      const { skipped, shaped } = shapedAlike(font, file, words(), subs.off, (_, glyphs) => substitutionFree(glyphs, subs));
      set += shaped;
      expect(skipped, file).toBeGreaterThan(1000);
    }
    // the fonts are read, and both ways are taken (Andika's f, i and j set substitutions off)
    expect(read).toBeGreaterThanOrEqual(5);
    expect(set).toBeGreaterThan(100);
  });

  it("reads Andika's: f, i and j (ligatures, dotless i and j under accents) and no other ASCII letter or digit", () => {
    for (const style of ['Regular', 'Bold', 'Italic']) {
      const font = create(readFileSync(join(root, `fonts/Andika-${style}.ttf`))) as unknown as Font;
      const subs = substitutions(font)!;
      expect(Object.keys(subs.off).sort(), style).toEqual(['ccmp', 'liga', 'locl']);
      const busy = [];
      for (let cp = 0x20; cp < 0x7f; cp++) if (subs.glyphs.has(font.glyphForCodePoint(cp).id)) busy.push(String.fromCharCode(cp));
      expect(busy.join(''), style).toBe('fij');
      // a ligature the features make is still made: 'fi' is not shaped without them
      expect(substitutionFree(font.layout('office', { ...subs.off }).glyphs, subs)).toBe(false);
    }
  });
});
