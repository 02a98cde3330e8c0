import '../src/port/node.js';
import { describe, expect, it } from 'vitest';
import { createDocument } from '../src/pdf/document.js';
import { Draw } from '../src/pdf/draw.js';
import { FONT_IDS } from '../src/pdf/fonts.js';
import { recordForm } from '../src/pdf/xobject.js';
import { formContents } from './helpers/form-contents.js';
import { logOps } from './helpers/ops-log.js';

// A fill colour already in force is not written again (src/pdf/repeats.ts). Played back as a PDF
// reader does (q/Q, cs/scn, rg), every text and every filled shape must be painted in the colour it
// asked for, across q/Q (Draw.group), on new pages, and in forms, which start from nothing known.
// The same for the font of one-line texts (Tf), which also outlives BT and ET.

function rgb(hex: string): string {
  return [1, 3, 5].map((i) => (parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(3)).join(' ');
}

/** A step may ask for the same drawing one level down, inside a group (q ... Q) or a recorded form. */
type Nest = 'group' | 'form' | undefined;

/**
 * Draws `pages` pages of `rounds` steps a level, nesting where a step asks (two levels at most); the
 * log gets <page>, <form> and </form> where a reader starts a page or a form from nothing known.
 */
function drawNested(d: Draw, log: string[], pages: number, rounds: number, step: (i: number) => Nest): void {
  const level = (depth: number): void => {
    for (let i = 0; i < rounds; i++) {
      const nest = step(i);
      if (!nest || depth >= 2) continue;
      if (nest === 'group') d.group(() => level(depth + 1));
      else {
        log.push('<form>');
        recordForm(d.doc, [0, 0, 100, 100], () => level(depth + 1));
        log.push('</form>');
      }
    }
  };
  for (let page = 0; page < pages; page++) {
    d.doc.addPage();
    log.push('<page>');
    level(0);
  }
}

/**
 * Plays the log back as a reader does, following one part of the graphics state: `set` gives the
 * value an operator sets it to, q saves it, Q restores it, and a page or a form starts from nothing
 * known ('unset'). Returns its value at each operator `shows` picks.
 */
function playBack(log: string[], set: (name: string, args: string[]) => string | undefined, shows: (name: string) => boolean): string[] {
  const seen: string[] = [];
  let value = 'unset';
  let stack: string[] = [];
  const outer: [string, string[]][] = [];
  for (const op of log) {
    if (op === '<page>') (value = 'unset'), (stack = []);
    else if (op === '<form>') outer.push([value, stack]), (value = 'unset'), (stack = []);
    else if (op === '</form>') [value, stack] = outer.pop()!;
    else {
      const parts = op.split(' ');
      const name = parts[parts.length - 1]!;
      if (name === 'q') stack.push(value);
      else if (name === 'Q') value = stack.pop() ?? 'unset';
      else if (shows(name)) seen.push(value);
      else value = set(name, parts.slice(0, -1)) ?? value;
    }
  }
  return seen;
}

describe('fill colours written once', () => {
  it('every text and filled shape is painted in its own colour', () => {
    const doc = createDocument('a4', { title: '', subject: '', keywords: '' });
    const log = logOps(doc, formContents(doc));
    const d = new Draw(doc);
    const colours = ['#000000', '#ff0000', '#444444', '#1f4e8c'];
    const asked: string[] = [];
    let seed = 3;
    const pick = () => colours[(seed = (seed * 1103515245 + 12345) % 2147483648) % colours.length]!;
    drawNested(d, log, 3, 12, (i) => {
      const c = pick();
      const what = seed % 5;
      if (what === 0) d.text('7', { x: 10 + i, y: 20, w: 20, h: 20 }, { color: c });
      else if (what === 1) d.rect({ x: 5, y: 5, w: 10, h: 10 }, { fill: c, stroke: false });
      else if (what === 2) d.circle(50, 50, 5, { fill: c });
      else return what === 3 ? 'group' : 'form';
      asked.push(c);
      return undefined;
    });
    const colour = (name: string, args: string[]) => (name === 'scn' || name === 'rg' ? args.map((v) => Number(v).toFixed(3)).join(' ') : undefined);
    const seen = playBack(log, colour, (name) => name === 'TJ' || name === 'f' || name === 'B');
    expect(asked.length).toBeGreaterThan(50);
    expect(seen).toEqual(asked.map(rgb));
    // and colours are left out: fewer set than painted
    expect(log.filter((op) => op.endsWith(' scn') || op.endsWith(' rg')).length).toBeLessThan(asked.length);
  });
});

describe('text fonts written once', () => {
  it('every one-line text is shown in its own font and size', () => {
    const doc = createDocument('a4', { title: '', subject: '', keywords: '' });
    // PDFKit's own text (a paragraph) sets its fonts between its own q and Q; its lines are logged
    // apart from the one-line texts asked for
    let pdfkit = false;
    const log = logOps(doc, (ops) => (pdfkit ? ops.replace(/ TJ$/gm, ' pdfkit-TJ') : ops));
    const d = new Draw(doc);
    const fonts = ['regular', 'bold'] as const;
    const asked: string[] = [];
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    // Tf's operands for this font and size: PDFKit's name for the font in this document
    const tf = (font: (typeof fonts)[number], size: number) => `/${(doc.font(FONT_IDS[font]) as unknown as { _font: { id: string } })._font.id} ${size}`;
    drawNested(d, log, 12, 14, (i) => {
      const font = fonts[next() % 2]!;
      const size = next() % 4 ? 11 : 9;
      const what = next() % 6;
      if (what <= 2) {
        d.text('7', { x: 10 + i, y: 20, w: 20, h: 20 }, { font, size });
        asked.push(tf(font, size));
      } else if (what === 3) {
        pdfkit = true;
        d.paragraph('two words\nand more', 10, 40, 200, { font, size });
        pdfkit = false;
      } else return what === 4 ? 'group' : 'form';
      return undefined;
    });
    // the text font is part of the graphics state: kept from one BT ... ET to the next
    const seen = playBack(log, (name, args) => (name === 'Tf' ? args.join(' ') : undefined), (name) => name === 'TJ');
    expect(asked.length).toBeGreaterThan(150);
    expect(seen).toEqual(asked);
    // and fonts already in force are left out
    expect(log.filter((op) => op.endsWith(' Tf')).length).toBeLessThan(asked.length);
  });
});
