import type { Lead } from '../core/kind.js';
import { fromRight, type Box, type Draw } from '../pdf/draw.js';

/** One step of a worked example: a short sentence and a small picture of the puzzle after it. */
export interface ExampleStep {
  text: string;
  draw(d: Draw, box: Box): void;
}

const TITLE = 12; // points, "How to start"
const GAP = 12; // between the steps
const MIN_TEXT = 7.5; // points; a sentence that would need less is a bug the tests catch
const MAX_TEXT = 10;

/** Steps side by side with their pictures beside the words when a column is this wide; else the words go under. */
const SIDE_BY_SIDE = 150;

/** Room for five lines of the smallest words, under a picture or beside a small one. */
const WORDS = 5 * MIN_TEXT * 1.25;

function picture(colW: number, most: number): number {
  return Math.min(most, colW >= SIDE_BY_SIDE ? Math.min(78, colW * 0.45) : Math.min(60, colW * 0.6));
}

/**
 * The band's height for a slot area this wide: a title line and one row of steps, the pictures no
 * wider than `most` (points).
 */
export function exampleHeight(w: number, steps: number, most = Infinity): number {
  const colW = (w - GAP * (steps - 1)) / steps;
  const side = picture(colW, most);
  const words = colW >= SIDE_BY_SIDE ? Math.max(side, WORDS) : side + 4 + WORDS;
  return TITLE * 1.6 + words;
}

/** The biggest size from 10 pt down to 7.5 pt at which `text` fits the box (7.5 pt if none does). */
export function fitText(d: Draw, text: string, w: number, h: number): number {
  for (let s = MAX_TEXT; s > MIN_TEXT; s -= 0.25) if (d.paragraphHeight(text, w, { size: s }) <= h) return s;
  return MIN_TEXT;
}

/**
 * A worked example for the top of a worksheet's first page: "How to start", then the steps in one
 * row, each a picture of the small puzzle and a sentence numbered 1, 2, 3. The band fills the box
 * it is given (a page may give it a whole row of puzzle slots), growing its pictures to fit.
 */
export function exampleLead(title: string, steps: ExampleStep[], area: Box, most = Infinity): Omit<Lead, 'rows'> {
  return {
    height: exampleHeight(area.w, steps.length, most),
    draw(d: Draw, box: Box, rtl = false): void {
      d.tag('H2', () => d.text(title, { x: box.x, y: box.y, w: box.w, h: TITLE * 1.3 }, { size: TITLE, font: 'bold', valign: 'top', align: rtl ? 'right' : 'left' }));
      const top = box.y + TITLE * 1.6;
      const n = steps.length;
      const colW = (box.w - GAP * (n - 1)) / n;
      const room = box.y + box.h - top;
      const words = WORDS + 4;
      // Words under the pictures when the columns are narrow or the box is tall (a whole row of slots).
      const sideBySide = colW >= SIDE_BY_SIDE && room < colW * 0.5 + words;
      const num = TITLE * 1.1;
      const side = Math.min(most, sideBySide ? Math.min(room, colW * 0.45) : Math.min(room - words, colW - num, 130));
      const tw = sideBySide ? colW - num - side - 6 : colW;
      // beside a small picture the words may run below it, as far as five lines
      const th = sideBySide ? Math.max(side, Math.min(room, WORDS)) : room - side - 4;
      // one size for all the sentences, the largest at which each fits its room
      const size = Math.min(...steps.map((st) => fitText(d, st.text, tw, th)));
      steps.forEach((step, i) => {
        // right to left: step 1 at the right, each number at the right of its picture, words to its left
        const x = rtl ? fromRight(box, i * (colW + GAP), colW) : box.x + i * (colW + GAP);
        const col = { x, w: colW };
        const label = `${i + 1}`;
        // A step reads out as its number and sentence; the picture only shows what the sentence says.
        d.figure(() => {
          // A step's number on a dark square: in bold type alone it read as a puzzle's number (the
          // puzzles under the band are numbered 1, 2, 3 in the same type); a disc read as a Flow dot
          const r = num * 0.42;
          const bx = rtl ? col.x + col.w - 2 * r : x;
          d.rect({ x: bx, y: top, w: 2 * r, h: 2 * r }, { fill: '#333333', stroke: false }, 2);
          d.text(label, { x: bx, y: top, w: 2 * r, h: 2 * r }, { size: TITLE * 0.8, font: 'bold', color: '#ffffff', align: 'center', valign: 'middle' });
          const pic = { x: rtl ? fromRight(col, num, side) : x + num, y: top, w: side, h: side };
          step.draw(d, pic);
          const tx = sideBySide ? (rtl ? fromRight(col, num + side + 6, tw) : x + num + side + 6) : x;
          const ty = sideBySide ? top : top + side + 4;
          d.paragraph(step.text, tx, ty, tw, { size });
        }, () => `${label}. ${step.text}`);
      });
    },
  };
}
