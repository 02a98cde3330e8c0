import { MM, type Box, type Draw } from '../../pdf/draw.js';
import { GOAL, MARKERS, penultimateSquares } from './rules.js';
import { table } from './draw-util.js';
import { messages, type Messages } from '../../i18n/messages.js';

/**
 * The rules page: each part's title and its lines, from the messages (ludo.rules.<part>.title, .1,
 * .2, ...), and how many of its first lines are lettered A, B, C ... instead of bulleted: the plan's
 * steps, which the replay sheets ask about by letter.
 */
const RULE_PARTS: [string, number, number][] = [
  ['need', 1, 0],
  ['ready', 1, 0],
  ['turn', 6, 0],
  ['win', 1, 0],
  ['think', 3, 0],
  ['plan', 5, 4],
];

interface RuleLine {
  text: string;
  /** A, B, C ... for a plan's step, or a bullet. */
  letter?: string;
}

function rulesText(w: Messages): { title: string; lines: RuleLine[] }[] {
  const values = { goal: GOAL, markers: MARKERS, squares: penultimateSquares().join(', ') };
  return RULE_PARTS.map(([part, n, lettered]) => ({
    title: w.t(`ludo.rules.${part}.title`),
    lines: Array.from({ length: n }, (_, i) => ({
      text: w.t(`ludo.rules.${part}.${i + 1}`, values),
      ...(i < lettered ? { letter: String.fromCharCode(65 + i) } : {}),
    })),
  }));
}

/** Large print: the rules take two pages, split after how a turn goes. */
export const RULES_SPLIT = 3;

/** The rules in pupils' words, shrunk to fit whatever box the sheet template leaves (`half`: one of two pages). */
export function drawRules(d: Draw, box: Box, w: Messages = messages(), half?: 0 | 1): void {
  const all = rulesText(w);
  const parts = half === undefined ? all : half === 0 ? all.slice(0, RULES_SPLIT) : all.slice(RULES_SPLIT);
  const measure = (size: number): number =>
    parts.reduce((h, p) => h + size * 1.6 + p.lines.reduce((a, l) => a + d.paragraphHeight(l.text, box.w - size * 1.6, { size }) + size * 0.35, 0) + size * 0.6, 0);
  let size = 13;
  while (size > Math.max(7, d.minText) && measure(size) > box.h) size -= 0.5;
  // right to left: bullets at the right margin, lines indented from it
  const rtl = w.dir === 'rtl';
  let y = box.y;
  for (const p of parts) {
    d.text(p.title, { x: box.x, y, w: box.w, h: size * 1.3 }, { size: size * 1.1, font: 'bold', valign: 'top', align: rtl ? 'right' : 'left' });
    y += size * 1.6;
    for (const l of p.lines) {
      // one mark a line: the step's letter where a bullet would go, not a bullet before "A."
      // (its capitals centred on the first line's height, where the line's own capitals sit)
      if (l.letter) d.text(l.letter, { x: rtl ? box.x + box.w - size * 1.2 : box.x, y, w: size * 1.2, h: d.paragraphHeight(l.letter, box.w, { size }) }, { size, font: 'bold', align: rtl ? 'right' : 'left' });
      else d.circle(rtl ? box.x + box.w - size * 0.5 : box.x + size * 0.5, y + size * 0.6, size * 0.16, { fill: '#000000' });
      y += d.paragraph(l.text, rtl ? box.x : box.x + size * 1.6, y, box.w - size * 1.6, { size }) + size * 0.35;
    }
    y += size * 0.6;
  }
}

/** Record rows: tall enough to write a two-digit number by hand. */
export const RECORD_ROW_MM = 6.5;
/** Pages of the record: a game lasts about 150 to 220 turns, and the two pages hold 290 or so. */
export const RECORD_PAGES = 2;
/**
 * Large print's record has one table a page, of fewer, taller rows: two pages held 39 rounds (78
 * turns), under half a game; five hold 108 (216 turns).
 */
export const RECORD_PAGES_LARGE = 5;

const GAP = 14;
const NAMES_H = 2 * 28 + 6;
const NOTE_STYLE = { size: 9, font: 'italic' } as const;
const note = (w: Messages): string => w.t('ludo.record.note', { goal: GOAL, roll: w.t('ludo.col.roll'), marker: w.t('ludo.col.marker'), to: w.t('ludo.col.to'), h: w.t('ludo.homeLetter') });

function headerHeight(d: Draw, box: Box, w: Messages): number {
  return NAMES_H + d.paragraphHeight(note(w), box.w, NOTE_STYLE) + 8;
}

/** How many rounds fit in each of the two side-by-side tables of a record page. */
function roundsPerTable(d: Draw, box: Box, first: boolean, w: Messages): number {
  const rowH = RECORD_ROW_MM * MM;
  const room = box.h - (first ? headerHeight(d, box, w) : 0) - rowH * 2.2;
  return Math.max(1, Math.floor(room / rowH));
}

/**
 * A game log: one row a round, the first player's move beside the second's, in two tables side by
 * side. The first page has the players' names; the second goes on where the first stopped.
 */
export function drawRecord(d: Draw, box: Box, page = 0, w: Messages = messages()): void {
  const size = 11;
  let y = box.y;
  let round = 1;
  if (page === 0) {
    // The boxes end at the table's right edge, the label just before them: placed from the left,
    // large print's narrower page pushed the last box past the margin.
    const [side, step] = [16, 22];
    const boxes = (MARKERS - 1) * step + side;
    const home = w.t('ludo.record.home');
    const homeW = Math.min(d.textWidth(home, size), box.w * 0.3);
    const homeX = box.x + box.w - boxes - 6 - homeW;
    for (const who of [w.t('ludo.record.first'), w.t('ludo.record.second')]) {
      d.text(who, { x: box.x, y, w: 80, h: 20 }, { size, font: 'bold', valign: 'bottom', fit: true });
      d.line(box.x + 82, y + 20, Math.min(box.x + box.w * 0.55, homeX - 12), y + 20, { width: 0.6 });
      d.text(home, { x: homeX, y, w: homeW, h: 20 }, { size, valign: 'bottom', fit: true, align: 'right' });
      for (let k = 0; k < MARKERS; k++) d.rect({ x: box.x + box.w - boxes + k * step, y: y + 4, w: side, h: side }, { width: 0.8 });
      y += 28;
    }
    y = box.y + NAMES_H;
    d.paragraph(note(w), box.x, y, box.w, NOTE_STYLE);
    y = box.y + headerHeight(d, box, w);
  } else {
    round = (d.minText ? 1 : 2) * roundsPerTable(d, box, true, w) + 1;
    for (let p = 1; p < page; p++) round += (d.minText ? 1 : 2) * roundsPerTable(d, box, false, w);
  }
  const rows = roundsPerTable(d, box, page === 0, w);
  const rowH = RECORD_ROW_MM * MM;
  // Large print: one table across the page, so 16 pt headings fit their columns.
  const tables = d.minText ? 1 : 2;
  const tw = (box.w - GAP * (tables - 1)) / tables;
  const [roll, marker, to] = [w.t('ludo.col.roll'), w.t('ludo.col.marker'), w.t('ludo.col.to')];
  const cols = [
    { title: w.t('ludo.col.round'), weight: 1.1 },
    { title: roll, weight: 0.9 },
    { title: marker, weight: 1.1 },
    { title: to, weight: 1 },
    { title: roll, weight: 0.9 },
    { title: marker, weight: 1.1 },
    { title: to, weight: 1 },
  ];
  const total = cols.reduce((a, c) => a + c.weight, 0);
  for (let t = 0; t < tables; t++) {
    const x = box.x + t * (tw + GAP);
    const groupH = rowH;
    const firstW = (tw * 1.1) / total;
    const groupW = (tw * 3) / total;
    for (const [i, label] of [w.t('ludo.record.firstPlayer'), w.t('ludo.record.secondPlayer')].entries()) {
      const gx = x + firstW + i * groupW;
      d.rect({ x: gx, y, w: groupW, h: groupH }, { fill: i === 0 ? '#f1f1f1' : '#dcdcdc', stroke: '#555555', width: 0.5 });
      d.text(label, { x: gx + 2, y, w: groupW - 4, h: groupH }, { size: 9, font: 'bold', align: 'center', fit: true });
    }
    const numbers = Array.from({ length: rows }, (_, i) => [String(round + t * rows + i), '', '', '', '', '', '']);
    table(d, x, y + groupH, tw, cols, numbers, rowH, 9.5);
  }
}
