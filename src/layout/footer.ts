import type { Draw, Box } from '../pdf/draw.js';
import type { Block } from './blocks.js';

type Footer = Extract<Block, { type: 'footer' }>;

/**
 * The smallest a footer's words are set: a long line of codes went down to 2 pt on a page of 24
 * answers, a long title to 5 pt on a booklet's half page. A template's own smaller size stands.
 */
const FLOOR = 7;
const floorOf = (b: Footer) => Math.min(b.size, FLOOR);

/** Entries of a line of codes ("1: K4E3-...   2: ..."), three spaces apart as the pages print them. */
const ENTRIES = /\s{3,}/;

/**
 * A footer holding only a centred line (the key's codes) that cannot be read on one line at the
 * floor: its entries on as many lines as they need, at the footer's size, none cut inside. Only
 * where the template asks (`wrap=true`): the extra lines come out of the puzzles' room, which a
 * worksheet's layout has already counted on.
 */
function wrapCentre(d: Draw, b: Footer, w: number): string[] | null {
  if (!b.wrap || b.left || b.right || !b.center || d.minText) return null;
  if (d.fitSize(b.center, w, b.size * 1.2, b.size) >= floorOf(b)) return null;
  const entries = b.center.split(ENTRIES);
  const fill = (width: number) => {
    const lines: string[] = [];
    for (const entry of entries) {
      const last = lines.length - 1;
      if (last >= 0 && d.textWidth(`${lines[last]}   ${entry}`, b.size) <= width) lines[last] += `   ${entry}`;
      else lines.push(entry);
    }
    return lines;
  };
  // as few lines as the width allows, evened out (six codes as 3 and 3, not 5 and a lone one)
  const lines = fill(w);
  for (let width = d.textWidth(b.center, b.size) / lines.length; width < w; width += 4) {
    const even = fill(width);
    if (even.length <= lines.length) return even;
  }
  return lines;
}

/**
 * A page measures its footer (for the puzzles' room) before drawing it, and wrapping measures
 * every code: the lines are kept with the block, for the same Draw, width and smallest text (large
 * print pages set that on the same Draw).
 */
const wrapped = new WeakMap<Footer, { d: Draw; w: number; minText: number; lines: string[] | null }>();

function centreLines(d: Draw, b: Footer, w: number): string[] | null {
  const seen = wrapped.get(b);
  if (seen && seen.d === d && seen.w === w && seen.minText === d.minText) return seen.lines;
  const lines = wrapCentre(d, b, w);
  wrapped.set(b, { d, w, minText: d.minText, lines });
  return lines;
}

export function footerHeight(d: Draw, b: Footer, w: number): number {
  const lines = centreLines(d, b, w)?.length ?? 1;
  return b.size * 1.7 + (lines - 1) * b.size * 1.2;
}

/**
 * Text too long for its room even at the floor: cut after its last whole word that fits, and
 * marked "…" so the cut shows. A single word too long (a title in Chinese) is cut between characters.
 */
export function cutToFit(d: Draw, text: string, w: number, size: number): string {
  if (d.textWidth(text, size) <= w) return text;
  const chars = Array.from(text);
  for (let n = chars.length - 1; n > 0; n--) {
    if (chars[n] !== ' ') continue;
    const head = chars.slice(0, n).join('').trimEnd();
    if (head && d.textWidth(`${head}…`, size) <= w) return `${head}…`;
  }
  for (let n = chars.length - 1; n > 0; n--) {
    const head = chars.slice(0, n).join('').trimEnd();
    if (d.textWidth(`${head}…`, size) <= w) return `${head}…`;
  }
  return '';
}

export function drawFooter(d: Draw, b: Footer, box: Box): void {
  const style = { size: b.size, color: '#555555', valign: 'bottom' as const };
  const lines = centreLines(d, b, box.w);
  if (lines) {
    lines.forEach((t, i) => {
      const y = box.y + box.h - b.size * 1.2 * (lines.length - i);
      d.text(t, { ...box, y, h: b.size * 1.2 }, { ...style, align: 'center', fit: true });
    });
    return;
  }
  const line = { ...box, y: box.y + box.h - b.size * 1.2, h: b.size * 1.2 };
  const gap = 16;
  const rightW = b.right ? d.textWidth(b.right, b.size) + gap : 0;
  // Large print cannot shrink a long line of codes to fit, and a worksheet's list (`drop=true`) is
  // not shrunk under the floor (16 puzzles a page set it at under 4 pt): each puzzle has its code
  // above it anyway. The extra lines of a wrap would come out of the room the puzzles were sized for.
  const unreadable = (t: string) => (d.minText ? d.textWidth(t, b.size) > box.w : b.drop && d.fitSize(t, box.w, line.h, b.size) < floorOf(b));
  const center = b.center && !unreadable(b.center) ? b.center : '';
  // A right-to-left page mirrors the line: the title at the right margin, the page number at the
  // left. `at` places a piece by its distance from the line's start (the title's side).
  const at = (from: number, w: number) => ({ ...line, x: b.rtl ? line.x + box.w - from - w : line.x + from, w });
  let leftW = box.w - rightW;
  let centerFrom = -1; // -1: centred on the line
  if (center) {
    // The centre (a deck's code beside its description) must not run over the title or the page
    // number: it moves aside, and where even that leaves too little room the title shrinks to
    // fit; large print's title cannot shrink below 16 pt and is left out (the code says more).
    const cw = d.textWidth(center, d.sizeFor(center, line, { ...style, fit: true }));
    const used = (w: number) => (b.left ? d.textWidth(b.left, d.sizeFor(b.left, { ...line, w }, { ...style, fit: true })) + gap : 0);
    const ideal = (box.w - cw) / 2;
    const latest = box.w - rightW - cw;
    const earliest = used(leftW);
    if (ideal < earliest || ideal > latest) centerFrom = Math.max(0, Math.min(latest, Math.max(ideal, earliest)));
    if (centerFrom >= 0 && centerFrom < earliest) {
      leftW = centerFrom - gap;
      if (leftW <= 0 || used(leftW) > centerFrom + 0.01) {
        leftW = 0;
        if (ideal <= latest) centerFrom = -1;
      }
    }
  }
  if (b.left && leftW > 0) {
    // a title too long for its room even at the floor (or at 16 pt in large print) ran over the page
    // number and off the paper, cut mid-word: it ends at a word, with "…"
    const box = at(0, leftW);
    const least = Math.max(floorOf(b), d.minText);
    const left = d.fitSize(b.left, box.w, box.h, b.size) < least ? cutToFit(d, b.left, leftW, least) : b.left;
    if (left === b.left) d.text(left, box, { ...style, align: b.rtl ? 'right' : 'left', fit: true });
    else if (left) d.text(left, box, { ...style, size: least, align: b.rtl ? 'right' : 'left' });
  }
  if (center && centerFrom < 0) d.text(center, line, { ...style, align: 'center', fit: true });
  else if (center) d.text(center, at(centerFrom, box.w - rightW - centerFrom), { ...style, align: b.rtl ? 'right' : 'left', fit: true });
  if (b.right) d.text(b.right, line, { ...style, align: b.rtl ? 'left' : 'right' });
}
