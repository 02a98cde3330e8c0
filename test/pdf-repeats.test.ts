import '../src/port/node.js';
import { describe, expect, it } from 'vitest';
import { KINDS } from '../src/kinds/index.js';
import { planSheets } from '../src/make.js';
import { parseCommon } from '../src/core/options.js';
import { Templates } from '../src/layout/templates.js';
import { renderToBuffer } from '../src/pdf/render.js';
import { createDocument, pdfkitDocument } from '../src/pdf/document.js';
import { FONT_FILES, FONT_IDS } from '../src/pdf/fonts.js';
import { port } from '../src/port/index.js';
import { Recent } from '../src/pdf/recent.js';
import { sectionContext } from '../src/run.js';

// A thread keeps what PDFKit works out again for every document (word shapes, widths of strings,
// heights of paragraphs, colour operands) and looks it up after. Looked up, it must be exactly
// what PDFKit computes, or pupils later in a batch would get other bytes than the first.

describe('work kept between documents', () => {
  // First in the file, so the first drawing meets empty tables (vitest gives each file its own modules).
  it('a worksheet laid out and drawn with the tables empty and again with them full: the same bytes', async () => {
    for (const name of ['calcudoku', 'flow']) {
      const kind = KINDS.find((k) => k.name === name)!;
      // one set of templates, as a batch's worker keeps: its slot areas are looked up the second time
      const templates = new Templates();
      const render = () => {
        const plan = planSheets(kind, kind.schema.parse({}), parseCommon({ count: 4 }), 'repeats', templates);
        return renderToBuffer(plan.main, { paper: 'a4', templates, meta: plan.meta });
      };
      const cold = Buffer.from(await render());
      const warm = Buffer.from(await render());
      expect(warm.equals(cold), name).toBe(true);
    }
  }, 120_000);

  it('a slot area looked up is the one measured for the same template and words, not another', () => {
    const templates = new Templates();
    const ctx = sectionContext('a4', templates);
    const long = 'Times tables practice for the summer term, with a second line of heading words';
    const short = ctx.slotArea('worksheet', { headline: 'Sums' });
    const twoLines = ctx.slotArea('worksheet', { headline: long });
    const rules = ctx.slotArea('worksheet', { headline: 'Sums', instructions: `${long}. ${long}. ${long}.` });
    // a heading on two lines and longer rules leave the puzzles less room
    expect(twoLines.h).toBeLessThan(short.h);
    expect(rules.h).toBeLessThan(short.h);
    for (let round = 0; round < 2; round++) {
      expect(ctx.slotArea('worksheet', { headline: 'Sums' })).toEqual(short);
      expect(ctx.slotArea('worksheet', { headline: long })).toEqual(twoLines);
      expect(sectionContext('a4', new Templates()).slotArea('worksheet', { headline: long })).toEqual(twoLines);
    }
    // what a caller does with its box is its own
    for (let round = 0; round < 2; round++) ctx.slotArea('worksheet', { headline: 'Sums' }).h = 0;
    expect(ctx.slotArea('worksheet', { headline: 'Sums' })).toEqual(short);
  });

  it("widths and paragraph heights are PDFKit's own, wherever and however often they are measured", () => {
    const ours = createDocument('a4', { title: '', subject: '', keywords: '' });
    const plain = pdfkitDocument({ size: [595.28, 841.89], margin: 0, autoFirstPage: false });
    for (const name of ['regular', 'bold'] as const) plain.registerFont(FONT_IDS[name], port().asset(FONT_FILES[name]) as unknown as string);
    ours.addPage();
    plain.addPage();
    const texts = [
      '',
      ' ',
      'K6MF-0YWWYXTAH4',
      'K6MF-0YWWYXTAH4 K6MF-VD82TF5GRV   K6MF-0QH3PR7GV3 ',
      'Fill each row and column with 1 to 6, once each.\tEach outlined group must make its target.',
      '432\u00d7 21+ 3\u2212 2\u00f7',
      'Zo\u00eb and Andr\u00e9 wrote \u201cVoil\u00e0!\u201d',
    ];
    const places = [
      [0, 0],
      [42.5, 100.1],
      [42.5, 731.37],
      [300.25, 0.3],
    ];
    let checked = 0;
    for (let round = 0; round < 3; round++) {
      for (const name of ['regular', 'bold'] as const) {
        for (const size of [7.5, 11, 14.3]) {
          for (const text of texts) {
            const w = ours.font(FONT_IDS[name]).fontSize(size).widthOfString(text);
            expect(w).toBe(plain.font(FONT_IDS[name]).fontSize(size).widthOfString(text));
            for (const [x, y] of places) {
              for (const width of [120, 509.3]) {
                const opts = { width, lineGap: size * 0.15 };
                ours.x = plain.x = x!;
                ours.y = plain.y = y!;
                expect(ours.heightOfString(text, opts), `${text} at ${x},${y} in ${width}`).toBe(plain.heightOfString(text, opts));
                checked++;
              }
            }
          }
        }
      }
    }
    expect(checked).toBe(3 * 2 * 3 * texts.length * places.length * 2);
  });
});

describe('Recent', () => {
  it('keeps what is used, drops what is not, and never holds more than two generations', () => {
    const r = new Recent<number>(3);
    for (const [i, k] of ['a', 'b', 'c', 'd'].entries()) r.set(k, i);
    // full at 'd': a, b and c are the old generation
    expect(r.get('a')).toBe(0); // used: back into the current one
    r.set('e', 4);
    r.set('f', 5); // the current generation (d, a, e) is full: it becomes the old one
    expect(r.get('b')).toBeUndefined();
    expect(r.get('c')).toBeUndefined();
    expect([r.get('a'), r.get('d'), r.get('e'), r.get('f')]).toEqual([0, 3, 4, 5]);
    for (let i = 0; i < 100; i++) {
      r.set(`k${i}`, i);
      expect(r.size).toBeLessThanOrEqual(6);
    }
    expect(r.get('k99')).toBe(99);
    expect(r.get('k0')).toBeUndefined();
  });
});
