import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create } from 'fontkit';
import { npmFont, root, type Font } from './helpers/shaping.js';
import { bareWords, type Run } from '../src/pdf/bare-words.js';
import { markGlyphs } from '../src/pdf/marks.js';
import { substitutions } from '../src/pdf/substitutions.js';

const ANDIKA = ['Regular', 'Bold', 'Italic'].map((s) => join(root, `fonts/Andika-${s}.ttf`));
const OTHERS = [
  npmFont('@fontsource-variable/lexend', 'lexend-latin-ext-wght-normal.woff2'),
  npmFont('@fontsource/atkinson-hyperlegible', 'atkinson-hyperlegible-latin-400-normal.woff2'),
  npmFont('@fontsource/didact-gothic', 'didact-gothic-latin-400-normal.woff2'),
  npmFont('@fontsource-variable/vazirmatn', 'vazirmatn-arabic-wght-normal.woff2'),
];

type Shaped = { glyphs: { id: number }[]; positions: Record<string, number>[] };

/** PDFKit's shaping of a word (its layoutRun): fontkit's, with every position field scaled to 1,000 units an em and the advance added. */
function pdfkitRun(font: Font & { unitsPerEm: number }, text: string, features?: Record<string, boolean>): Shaped {
  const run = font.layout(text, features) as unknown as Shaped & { glyphs: { advanceWidth: number }[] };
  const scale = 1000 / font.unitsPerEm;
  for (let i = 0; i < run.positions.length; i++) {
    const p = run.positions[i]!;
    for (const k of Object.keys(p)) p[k]! *= scale;
    p.advanceWidth = run.glyphs[i]!.advanceWidth * scale;
  }
  return run;
}

function setUp(file: string) {
  const font = create(readFileSync(file)) as unknown as Font & { unitsPerEm: number };
  const marks = markGlyphs(font);
  const subs = substitutions(font);
  if (!marks || !subs) return null;
  const busy = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    const id = font.glyphForCodePoint(c).id;
    busy[c] = subs.glyphs.has(id) || marks.has(id) ? 1 : 0;
  }
  const quiet = (t: string) => pdfkitRun(font, t, { ...subs.off, mark: false, mkmk: false }) as unknown as Run;
  return { font, busy, direct: bareWords(font, busy, quiet, 1000 / font.unitsPerEm) };
}

const view = (r: Shaped | Run) => [r.glyphs.map((g) => g.id), r.positions.map((p) => ({ ...p }))];

describe('quiet words made without fontkit (src/pdf/bare-words.ts)', () => {
  it("Andika's quiet words come out as full shaping makes them: same glyphs, same positions, field for field", () => {
    for (const file of ANDIKA) {
      const { font, busy, direct } = setUp(file)!;
      expect(direct, file).not.toBeNull();
      const quietChar = fc.integer({ min: 0x20, max: 0x7e }).filter((c) => !busy[c]);
      fc.assert(
        fc.property(fc.array(quietChar, { minLength: 1, maxLength: 18 }), (codes) => {
          const word = String.fromCharCode(...codes);
          // full shaping: every default feature on, as a word with f, i or j is shaped
          expect(view(direct!(word)!), word).toEqual(view(pdfkitRun(font, word)));
        }),
        { numRuns: 400, seed: 16 },
      );
      for (const word of ['K6MF-0YWWYXTAH4 ', 'F8x8m-95TQCS6WYK', '1: ', 'Page 12 ', ' ']) expect(view(direct!(word)!), word).toEqual(view(pdfkitRun(font, word)));
      // a character the probe did not try is left to fontkit
      expect(direct!('12\t')).toBeNull();
    }
  });

  it('leaves to fontkit a font that kerns or positions more than marks', () => {
    let refused = 0;
    for (const file of OTHERS) {
      const set = setUp(file);
      if (!set) continue;
      const { font, direct } = set;
      const gpos = font as unknown as { GPOS?: { featureList: { tag: string }[] } };
      const more = (gpos.GPOS?.featureList ?? []).some((f) => f.tag !== 'mark' && f.tag !== 'mkmk');
      if (more) {
        expect(direct, file).toBeNull();
        refused++;
      }
    }
    expect(refused).toBeGreaterThanOrEqual(1);
  });

  it('leaves to fontkit a font whose direct words would differ (here, a wrong scale)', () => {
    const font = create(readFileSync(ANDIKA[0]!)) as unknown as Font & { unitsPerEm: number };
    const subs = substitutions(font)!;
    const busy = new Uint8Array(128);
    const quiet = (t: string) => pdfkitRun(font, t, { ...subs.off, mark: false, mkmk: false }) as unknown as Run;
    expect(bareWords(font, busy, quiet, 1000 / font.unitsPerEm + 0.001)).toBeNull();
  });
});
