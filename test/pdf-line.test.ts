import '../src/port/node.js';
import { describe, expect, it } from 'vitest';
import { createDocument } from '../src/pdf/document.js';
import { FONT_IDS } from '../src/pdf/fonts.js';
import { writeLine } from '../src/pdf/line.js';
import { recordForm } from '../src/pdf/xobject.js';

// writeLine writes a line of text as PDFKit's text(..., { lineBreak: false }) does. Two documents
// draw the same texts, one by PDFKit and one by writeLine; every operator written and where each
// leaves the document's x and y must be the same, on a page and in a form, again and again (the
// second time a text is drawn its glyphs come from writeLine's table).

type Doc = ReturnType<typeof createDocument>;

function capture(doc: Doc): string[] {
  const log: string[] = [];
  const add = doc.addContent.bind(doc);
  doc.addContent = (op: string) => {
    log.push(...op.split('\n'));
    return add(op);
  };
  return log;
}

const TEXTS = ['', ' ', '7', '12+', '432\u00d7', 'AVATAR To Wave', 'K6MF-0YWWYXTAH4', '  two  spaces ', 'Zo\u00eb', 'e\u0301 a\u0308'];

describe('writeLine', () => {
  it('writes the operators PDFKit writes and leaves x and y where PDFKit does', () => {
    const ours = createDocument('a4', { title: '', subject: '', keywords: '' });
    const theirs = createDocument('a4', { title: '', subject: '', keywords: '' });
    const mine = capture(ours);
    const pdfkit = capture(theirs);
    ours.addPage();
    theirs.addPage();
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
    expect(mine).toEqual(pdfkit);
    // the marks are placed by offsets: the branch that moves the text matrix glyph by glyph
    expect(mine.filter((op) => op.endsWith(' Tm')).length).toBeGreaterThan(drawn);
  });

  it('leaves text over several lines to PDFKit', () => {
    const doc = createDocument('a4', { title: '', subject: '', keywords: '' });
    doc.addPage();
    const log = capture(doc);
    expect(writeLine(doc, 'one\ntwo', 10, 10)).toBe(false);
    expect(log).toEqual([]);
  });
});
