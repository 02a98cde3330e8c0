import '../src/port/node.js';
import { describe, expect, it } from 'vitest';
import { createDocument } from '../src/pdf/document.js';
import { Draw } from '../src/pdf/draw.js';
import { FONT_IDS } from '../src/pdf/fonts.js';
import { recordForm } from '../src/pdf/xobject.js';
import { formContents } from './helpers/form-contents.js';

// A fill colour already in force is not written again (src/pdf/repeats.ts). Played back as a PDF
// reader does (q/Q, cs/scn, rg), every text and every filled shape must be painted in the colour it
// asked for, across q/Q (Draw.group), on new pages, and in forms, which start from nothing known.
// The same for the font of one-line texts (Tf), which also outlives BT and ET.

function rgb(hex: string): string {
  return [1, 3, 5].map((i) => (parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(3)).join(' ');
}

describe('fill colours written once', () => {
  it('every text and filled shape is painted in its own colour', () => {
    const doc = createDocument('a4', { title: '', subject: '', keywords: '' });
    const log: string[] = [];
    const add = doc.addContent.bind(doc);
    const played = formContents(doc);
    doc.addContent = (op: string) => {
      log.push(...played(op).split('\n'));
      return add(op);
    };
    const d = new Draw(doc);
    const colours = ['#000000', '#ff0000', '#444444', '#1f4e8c'];
    const asked: string[] = [];
    let seed = 3;
    const pick = () => colours[(seed = (seed * 1103515245 + 12345) % 2147483648) % colours.length]!;
    const paint = (depth: number): void => {
      for (let i = 0; i < 12; i++) {
        const c = pick();
        const what = seed % 5;
        if (what === 0) {
          d.text('7', { x: 10 + i, y: 20, w: 20, h: 20 }, { color: c });
          asked.push(c);
        } else if (what === 1) {
          d.rect({ x: 5, y: 5, w: 10, h: 10 }, { fill: c, stroke: false });
          asked.push(c);
        } else if (what === 2) {
          d.circle(50, 50, 5, { fill: c });
          asked.push(c);
        } else if (what === 3 && depth < 2) {
          d.group(() => paint(depth + 1));
        } else if (depth < 2) {
          log.push('<form>');
          recordForm(doc, [0, 0, 100, 100], () => paint(depth + 1));
          log.push('</form>');
        }
      }
    };
    for (let page = 0; page < 3; page++) {
      doc.addPage();
      log.push('<page>');
      paint(0);
    }
    // play back
    const seen: string[] = [];
    let fill = 'unset';
    const stack: string[] = [];
    const forms: string[][] = [];
    let args: string[] = [];
    for (const op of log) {
      if (op === '<page>') (fill = 'unset'), (stack.length = 0);
      else if (op === '<form>') forms.push([fill, ...stack]), (fill = 'unset'), (stack.length = 0);
      else if (op === '</form>') {
        const outer = forms.pop()!;
        fill = outer[0]!;
        stack.splice(0, stack.length, ...outer.slice(1));
      }
      else {
        const parts = op.split(' ');
        const name = parts[parts.length - 1]!;
        args = parts.slice(0, -1);
        if (name === 'q') stack.push(fill);
        else if (name === 'Q') fill = stack.pop() ?? 'unset';
        else if (name === 'scn' || name === 'rg') fill = args.map((v) => Number(v).toFixed(3)).join(' ');
        else if (name === 'TJ' || name === 'f' || name === 'B') seen.push(fill);
      }
    }
    expect(asked.length).toBeGreaterThan(50);
    expect(seen).toEqual(asked.map(rgb));
    // and colours are left out: fewer set than painted
    expect(log.filter((op) => op.endsWith(' scn') || op.endsWith(' rg')).length).toBeLessThan(asked.length);
  });
});

describe('text fonts written once', () => {
  it('every one-line text is shown in its own font and size', () => {
    const doc = createDocument('a4', { title: '', subject: '', keywords: '' });
    const log: string[] = [];
    const add = doc.addContent.bind(doc);
    doc.addContent = (op: string) => {
      log.push(...op.split('\n'));
      return add(op);
    };
    const d = new Draw(doc);
    const fonts = ['regular', 'bold'] as const;
    const asked: string[] = [];
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    // Tf's operands for this font and size: PDFKit's name for the font in this document
    const tf = (font: (typeof fonts)[number], size: number) => `/${(doc.font(FONT_IDS[font]) as unknown as { _font: { id: string } })._font.id} ${size}`;
    const paint = (depth: number): void => {
      for (let i = 0; i < 14; i++) {
        const font = fonts[next() % 2]!;
        const size = next() % 4 ? 11 : 9;
        const what = next() % 6;
        if (what <= 2) {
          d.text('7', { x: 10 + i, y: 20, w: 20, h: 20 }, { font, size });
          asked.push(tf(font, size));
        } else if (what === 3) {
          // PDFKit's own text (a paragraph) sets its fonts between its own q and Q
          log.push('<pdfkit>');
          d.paragraph('two words\nand more', 10, 40, 200, { font, size });
          log.push('</pdfkit>');
        } else if (what === 4 && depth < 2) {
          d.group(() => paint(depth + 1));
        } else if (depth < 2) {
          log.push('<form>');
          recordForm(doc, [0, 0, 100, 100], () => paint(depth + 1));
          log.push('</form>');
        }
      }
    };
    for (let page = 0; page < 12; page++) {
      doc.addPage();
      log.push('<page>');
      paint(0);
    }
    // play back as a reader does: the text font is part of the graphics state, saved by q, kept
    // from one BT ... ET to the next; a form starts from nothing known
    const seen: string[] = [];
    let font = 'unset';
    let stack: string[] = [];
    const outer: [string, string[]][] = [];
    let pdfkit = false;
    for (const op of log) {
      if (op === '<page>') (font = 'unset'), (stack = []);
      else if (op === '<form>') outer.push([font, stack]), (font = 'unset'), (stack = []);
      else if (op === '</form>') [font, stack] = outer.pop()!;
      else if (op === '<pdfkit>' || op === '</pdfkit>') pdfkit = op === '<pdfkit>';
      else {
        const parts = op.split(' ');
        const name = parts[parts.length - 1]!;
        if (name === 'q') stack.push(font);
        else if (name === 'Q') font = stack.pop() ?? 'unset';
        else if (name === 'Tf') font = parts.slice(0, -1).join(' ');
        else if (name === 'TJ' && !pdfkit) seen.push(font);
      }
    }
    expect(asked.length).toBeGreaterThan(150);
    expect(seen).toEqual(asked);
    // and fonts already in force are left out
    expect(log.filter((op) => op.endsWith(' Tf')).length).toBeLessThan(asked.length);
  });
});
