import '../src/port/node.js';
import { describe, expect, it } from 'vitest';
import { createDocument } from '../src/pdf/document.js';
import { FONT_IDS } from '../src/pdf/fonts.js';
import { writeLine } from '../src/pdf/line.js';
import { drawWrapped } from '../src/pdf/wrapped.js';
import { recordForm } from '../src/pdf/xobject.js';
import { Draw } from '../src/pdf/draw.js';
import { formContents } from './helpers/form-contents.js';
import { logOps } from './helpers/ops-log.js';

// writeLine draws a line of text as PDFKit's text(..., { lineBreak: false }) does, with its text
// matrix flipped instead of PDFKit's q, cm and Q around each text. Two documents draw the same
// texts, one by PDFKit and one by writeLine; played back as a PDF reader does (q/Q, cm, BT, Tm, Tf,
// TJ), every run of glyphs must be shown with the same font and size, the same glyphs and spacing,
// at the same place and upright, and each call must leave the document's x and y where PDFKit does,
// on a page and in a form, again and again (the second time, the glyphs come from writeLine's table).

type Doc = ReturnType<typeof createDocument>;

type Matrix = [number, number, number, number, number, number];

const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

interface Shown {
  font: string;
  matrix: Matrix; // text matrix times the transform: where and which way up the glyphs go
  glyphs: string;
}

/** Each TJ of the operators, as a reader shows it. */
function shown(ops: string[]): Shown[] {
  const out: Shown[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let tm: Matrix = [1, 0, 0, 1, 0, 0];
  let font = '';
  const stack: Matrix[] = [];
  for (const op of ops) {
    const parts = op.split(' ');
    const name = parts[parts.length - 1];
    const nums = parts.slice(0, -1).map(Number) as Matrix;
    if (name === 'q') stack.push(ctm);
    else if (name === 'Q') ctm = stack.pop()!;
    else if (name === 'cm') ctm = times(nums, ctm);
    else if (name === 'BT') tm = [1, 0, 0, 1, 0, 0];
    else if (name === 'Tm') tm = nums;
    else if (name === 'Tf') font = op;
    else if (name === 'TJ') out.push({ font, matrix: times(tm, ctm), glyphs: op });
  }
  return out;
}

/** A document to draw on our way and one to draw on PDFKit's, each on its first page, with the operators written to each. */
function twoDocuments(): { ours: Doc; theirs: Doc; mine: string[]; pdfkit: string[] } {
  const ours = createDocument('a4', { title: '', subject: '', keywords: '' });
  const theirs = createDocument('a4', { title: '', subject: '', keywords: '' });
  const mine = logOps(ours);
  const pdfkit = logOps(theirs);
  ours.addPage();
  theirs.addPage();
  return { ours, theirs, mine, pdfkit };
}

function sameShown(mine: string[], pdfkit: string[]): void {
  const ours = shown(mine);
  const theirs = shown(pdfkit);
  expect(ours.length).toBe(theirs.length);
  ours.forEach((s, i) => {
    const t = theirs[i]!;
    expect([s.font, s.glyphs], `${i}`).toEqual([t.font, t.glyphs]);
    s.matrix.forEach((v, k) => expect(v, `${i}: ${s.matrix} against ${t.matrix}`).toBeCloseTo(t.matrix[k]!, 5));
  });
}

const TEXTS = ['', ' ', '7', '12+', '432\u00d7', 'AVATAR To Wave', 'K6MF-0YWWYXTAH4', '  two  spaces ', 'Zo\u00eb', 'e\u0301 a\u0308', 'E\u0301 A\u0308 O\u0323\u0302'];

describe('writeLine', () => {
  it('shows the glyphs PDFKit shows, where and as PDFKit shows them, and leaves x and y where PDFKit does', () => {
    const { ours, theirs, mine, pdfkit } = twoDocuments();
    const ends: number[][] = [[], []];
    const draw = (doc: Doc, mineToo: boolean) => {
      for (const font of ['regular', 'bold'] as const) {
        for (const size of [7.5, 11, 14.3]) {
          for (const text of TEXTS) {
            for (const [x, y] of [
              [42.5, 100.123456789],
              [300.25, 731.37],
            ]) {
              doc.font(FONT_IDS[font]).fontSize(size);
              if (mineToo) expect(writeLine(doc, text, x!, y!)).toBe(true);
              else doc.text(text, x!, y!, { lineBreak: false, width: undefined });
              ends[mineToo ? 0 : 1]!.push(doc.x, doc.y);
            }
          }
        }
      }
    };
    for (let round = 0; round < 2; round++) {
      draw(ours, true);
      draw(theirs, false);
    }
    recordForm(ours, [0, 0, 100, 100], () => draw(ours, true));
    recordForm(theirs, [0, 0, 100, 100], () => draw(theirs, false));
    const drawn = 3 * 2 * 3 * TEXTS.length * 2;
    expect(ends[0]).toHaveLength(drawn * 2);
    expect(ends[0]).toEqual(ends[1]);
    sameShown(mine, pdfkit);
    const ours2 = shown(mine);
    // the marks are placed by offsets: the branch that moves the text matrix glyph by glyph
    expect(ours2.length).toBeGreaterThan(drawn);
    // and no q, cm or Q of its own
    expect(mine.filter((op) => op === 'q' || op.endsWith(' cm')).length).toBeLessThan(10);
  });

  it('leaves text over several lines to PDFKit', () => {
    const doc = createDocument('a4', { title: '', subject: '', keywords: '' });
    doc.addPage();
    const log = logOps(doc);
    expect(writeLine(doc, 'one\ntwo', 10, 10)).toBe(false);
    expect(log).toEqual([]);
  });
});

// drawWrapped draws a paragraph as PDFKit's text(..., { width, align, lineGap }) does: the same lines,
// each where PDFKit puts it, and x and y left where PDFKit leaves them; the second time and in another
// document, its lines come from its table and its glyphs from writeLine's tables.
const PARAGRAPHS = [
  'Fill each row and each column with the numbers 1 to 6, once each. The numbers in each outlined box must make the target using the sign shown.',
  'Draw lines to join the squares with the same number.\nLines may not cross or branch, and every square is used.',
  'A well-known self-explanatory rule: co-operate, re-enter, and check twice.',
  'Supercalifragilisticexpialidociousandthensomemorewithoutanyspace at all',
  '  Leading and trailing spaces  ',
  'Zo\u00eb and Chlo\u00eb f\u00eate the na\u00efve caf\u00e9',
  '',
];

describe('drawWrapped', () => {
  it('draws the lines PDFKit draws, where PDFKit draws them, and leaves x and y where PDFKit does', () => {
    const ends: number[][] = [[], []];
    const draw = (doc: Doc, mineToo: boolean) => {
      for (const font of ['regular', 'bold'] as const) {
        for (const size of [9, 11, 16]) {
          for (const text of PARAGRAPHS) {
            for (const align of ['left', 'center', 'right'] as const) {
              for (const [x, y, w] of [
                [42.5, 100.123456789, 240],
                [300.25, 231.37, 95.5],
              ]) {
                doc.font(FONT_IDS[font]).fontSize(size);
                const o = { width: w!, align, lineGap: size * 0.15 };
                if (mineToo) expect(drawWrapped(doc, text, x!, y!, o)).toBe(true);
                else doc.text(text, x!, y!, o);
                ends[mineToo ? 0 : 1]!.push(doc.x, doc.y);
              }
            }
          }
        }
      }
    };
    // two rounds in two documents each: the second round and the second document find the lines made
    for (let d = 0; d < 2; d++) {
      const { ours, theirs, mine, pdfkit } = twoDocuments();
      for (let round = 0; round < 2; round++) {
        draw(ours, true);
        draw(theirs, false);
      }
      expect(ends[0]).toEqual(ends[1]);
      sameShown(mine, pdfkit);
      // several lines a paragraph were drawn, and none by PDFKit's own q, cm and Q
      expect(shown(mine).length).toBeGreaterThan(2 * 3 * 3 * PARAGRAPHS.length * 2 * 2);
      expect(mine.filter((op) => op === 'q' || op.endsWith(' cm')).length).toBeLessThan(10);
    }
  });

  it('leaves justified text, a continued text and a paragraph at the foot of the page to PDFKit', () => {
    const doc = createDocument('a4', { title: '', subject: '', keywords: '' });
    doc.addPage();
    const log = logOps(doc);
    doc.font(FONT_IDS.regular).fontSize(11);
    const o = { width: 200, align: 'left', lineGap: 1.65 };
    expect(drawWrapped(doc, PARAGRAPHS[0]!, 10, 10, { ...o, align: 'justify' })).toBe(false);
    expect(drawWrapped(doc, PARAGRAPHS[0]!, 10, doc.page.height - 30, o)).toBe(false);
    expect(log).toEqual([]);
    doc.text('one ', 10, 10, { width: 200, continued: true });
    log.length = 0;
    expect(drawWrapped(doc, 'two', 10, 10, o)).toBe(false);
    expect(log).toEqual([]);
  });
});

describe('writeLine across documents', () => {
  it("numbers a glyph that is not among every document's first ones as each document does", () => {
    // The first document meets \u00eb before \u00f1, the second after: their subsets number the two the
    // other way round, so a text with either must not be shown as the first document showed it.
    const orders = [
      ['12+', 'Zo\u00eb', 'Espa\u00f1a', 'Zo\u00eb 12+'],
      ['Espa\u00f1a', '12+', 'Zo\u00eb', 'Zo\u00eb 12+'],
    ];
    for (const texts of orders) {
      const { ours, theirs, mine, pdfkit } = twoDocuments();
      for (const text of texts) {
        ours.font(FONT_IDS.regular).fontSize(11);
        theirs.font(FONT_IDS.regular).fontSize(11);
        expect(writeLine(ours, text, 20, 40)).toBe(true);
        theirs.text(text, 20, 40, { lineBreak: false, width: undefined });
      }
      sameShown(mine, pdfkit);
    }
  });
});

describe('Draw writes shapes itself', () => {
  it('with the path operators PDFKit writes for them', () => {
    const ours = createDocument('a4', { title: '', subject: '', keywords: '' });
    const theirs = createDocument('a4', { title: '', subject: '', keywords: '' });
    ours.addPage();
    theirs.addPage();
    const mine = logOps(ours, formContents(ours));
    const pdfkit = logOps(theirs);
    const d = new Draw(ours);
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 600 - 3;
    for (let i = 0; i < 300; i++) {
      const [a, b, c, e, f, g] = [rnd(), rnd(), rnd(), rnd(), rnd(), rnd()];
      const r = Math.abs(c) / 7 + 0.01;
      // the second circle of a radius and way of painting is a form, drawn about the origin and
      // placed at its centre
      d.circle(a, b, r, { fill: '#ff0000' });
      theirs.circle(a, b, r);
      d.circle(c, e, r, { fill: '#ff0000' });
      theirs.save().translate(c, e).circle(0, 0, r).restore();
      d.line(a, b, c, e);
      theirs.moveTo(a, b).lineTo(c, e);
      d.polyline([[a, b], [c, e], [f, g]]);
      theirs.moveTo(a, b).lineTo(c, e).lineTo(f, g);
      d.polygon([[a, b], [c, e], [f, g]], { fill: '#00ff00' });
      theirs.polygon([a, b], [c, e], [f, g]);
      d.rect({ x: a, y: b, w: r, h: f }, { stroke: '#0000ff' });
      theirs.rect(a, b, r, f);
    }
    const path = (ops: string[]) => ops.filter((op) => /^(-?[\d.]+ )+(m|l|c|re)$|^h$/.test(op));
    expect(path(mine).length).toBeGreaterThan(300 * 17);
    expect(path(mine)).toEqual(path(pdfkit));
    const placed = (ops: string[]) => ops.filter((op) => op.endsWith(' cm') && !op.startsWith('1 0 0 -1 '));
    expect(placed(mine)).toHaveLength(300);
    expect(placed(mine)).toEqual(placed(pdfkit));
  });
});
