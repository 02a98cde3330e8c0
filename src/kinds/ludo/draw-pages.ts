import { MM, type Box, type Draw } from '../../pdf/draw.js';
import { GOAL, MARKERS, penultimateSquares } from './rules.js';
import { table } from './draw-util.js';

function rulesText(): { title: string; lines: string[] }[] {
  const pen = penultimateSquares();
  return [
    { title: 'You need', lines: ['The 1 to 120 board, one dice, and 4 markers each in two colours (counters or coins). Two players.'] },
    { title: 'Getting ready', lines: ['Put all 8 markers on square 1 (START). Roll the dice: the higher roll goes first.'] },
    {
      title: 'Taking a turn',
      lines: [
        'Roll the dice once.',
        'Rolled a 1? Bad luck: your turn is over.',
        'Rolled 2, 3, 4, 5 or 6? Choose ONE of your markers and multiply its square by the roll. Move it to the answer. Example: a marker on 4 and a roll of 5: 4 × 5 = 20, so it moves to 20.',
        `Landed on the other player's markers? They all go back to 1. (Your own markers can share a square.)`,
        `Went past ${GOAL}? Your marker goes back to 1.`,
        `Landed exactly on ${GOAL}? That marker is home and leaves the board.`,
      ],
    },
    { title: 'Winning', lines: [`The first player to get all ${MARKERS} markers home on ${GOAL} wins.`] },
    {
      title: 'Think about it',
      lines: [
        `Which squares are one roll away from ${GOAL}? Which roll do you need from each?`,
        `From some squares a marker can never get to ${GOAL} exactly: it can only go past and back to 1. Can you find one?`,
        'Some squares can never be landed on at all. Why? (Hint: try to make 7 with rolls of 2 to 6.)',
      ],
    },
    {
      title: 'How the computer player chooses',
      lines: [
        `A. Move a marker onto ${GOAL}, or onto a square one roll away from it (${pen.join(', ')}).`,
        `B. If it cannot, move a marker onto a square that divides ${GOAL}.`,
        `C. If it cannot, land on the other player's marker to send it back to 1.`,
        `D. Otherwise move any marker that will not go past ${GOAL}.`,
        'Can you beat it? Play it, then try your own plan.',
      ],
    },
  ];
}

/** Large print: the rules take two pages, split after how a turn goes. */
export const RULES_SPLIT = 3;

/** The rules in pupils' words, shrunk to fit whatever box the sheet template leaves (`half`: one of two pages). */
export function drawRules(d: Draw, box: Box, half?: 0 | 1): void {
  const all = rulesText();
  const parts = half === undefined ? all : half === 0 ? all.slice(0, RULES_SPLIT) : all.slice(RULES_SPLIT);
  const measure = (size: number): number =>
    parts.reduce((h, p) => h + size * 1.6 + p.lines.reduce((a, l) => a + d.paragraphHeight(l, box.w - size * 1.6, { size }) + size * 0.35, 0) + size * 0.6, 0);
  let size = 13;
  while (size > Math.max(7, d.minText) && measure(size) > box.h) size -= 0.5;
  let y = box.y;
  for (const p of parts) {
    d.text(p.title, { x: box.x, y, w: box.w, h: size * 1.3 }, { size: size * 1.1, font: 'bold', valign: 'top' });
    y += size * 1.6;
    for (const l of p.lines) {
      d.circle(box.x + size * 0.5, y + size * 0.6, size * 0.16, { fill: '#000000' });
      y += d.paragraph(l, box.x + size * 1.6, y, box.w - size * 1.6, { size }) + size * 0.35;
    }
    y += size * 0.6;
  }
}

/** Record rows: tall enough to write a two-digit number by hand. */
export const RECORD_ROW_MM = 6.5;
/** Pages of the record: a game lasts about 150 to 220 turns, and the two pages hold 290 or so. */
export const RECORD_PAGES = 2;

const GAP = 14;
const NAMES_H = 2 * 28 + 6;
const NOTE = `Roll: the number rolled. Marker: which one moved (1 to 4). To: the square it reached (1 if it went past ${GOAL}, H when it is home). Sent the other player's markers back to 1? Ring your To square.`;
const NOTE_STYLE = { size: 9, font: 'italic' } as const;

function headerHeight(d: Draw, box: Box): number {
  return NAMES_H + d.paragraphHeight(NOTE, box.w, NOTE_STYLE) + 8;
}

/** How many rounds fit in each of the two side-by-side tables of a record page. */
function roundsPerTable(d: Draw, box: Box, first: boolean): number {
  const rowH = RECORD_ROW_MM * MM;
  const room = box.h - (first ? headerHeight(d, box) : 0) - rowH * 2.2;
  return Math.max(1, Math.floor(room / rowH));
}

/**
 * A game log: one row a round, the first player's move beside the second's, in two tables side by
 * side. The first page has the players' names; the second goes on where the first stopped.
 */
export function drawRecord(d: Draw, box: Box, page = 0): void {
  const size = 11;
  let y = box.y;
  let round = 1;
  if (page === 0) {
    for (const who of ['Goes first', 'Goes second']) {
      d.text(`${who}:`, { x: box.x, y, w: 80, h: 20 }, { size, font: 'bold', valign: 'bottom' });
      d.line(box.x + 82, y + 20, box.x + box.w * 0.55, y + 20, { width: 0.6 });
      d.text('Markers home:', { x: box.x + box.w * 0.6, y, w: 80, h: 20 }, { size, valign: 'bottom' });
      for (let k = 0; k < MARKERS; k++) d.rect({ x: box.x + box.w * 0.6 + 84 + k * 22, y: y + 4, w: 16, h: 16 }, { width: 0.8 });
      y += 28;
    }
    y = box.y + NAMES_H;
    d.paragraph(NOTE, box.x, y, box.w, NOTE_STYLE);
    y = box.y + headerHeight(d, box);
  } else {
    round = (d.minText ? 1 : 2) * roundsPerTable(d, box, true) + 1;
    for (let p = 1; p < page; p++) round += (d.minText ? 1 : 2) * roundsPerTable(d, box, false);
  }
  const rows = roundsPerTable(d, box, page === 0);
  const rowH = RECORD_ROW_MM * MM;
  // Large print: one table across the page, so 16 pt headings fit their columns.
  const tables = d.minText ? 1 : 2;
  const w = (box.w - GAP * (tables - 1)) / tables;
  const cols = [
    { title: 'Round', weight: 1.1 },
    { title: 'Roll', weight: 0.9 },
    { title: 'Marker', weight: 1.1 },
    { title: 'To', weight: 1 },
    { title: 'Roll', weight: 0.9 },
    { title: 'Marker', weight: 1.1 },
    { title: 'To', weight: 1 },
  ];
  const total = cols.reduce((a, c) => a + c.weight, 0);
  for (let t = 0; t < tables; t++) {
    const x = box.x + t * (w + GAP);
    const groupH = rowH;
    const firstW = (w * 1.1) / total;
    const groupW = (w * 3) / total;
    for (const [i, label] of ['First player', 'Second player'].entries()) {
      const gx = x + firstW + i * groupW;
      d.rect({ x: gx, y, w: groupW, h: groupH }, { fill: i === 0 ? '#f1f1f1' : '#dcdcdc', stroke: '#555555', width: 0.5 });
      d.text(label, { x: gx + 2, y, w: groupW - 4, h: groupH }, { size: 9, font: 'bold', align: 'center', fit: true });
    }
    const numbers = Array.from({ length: rows }, (_, i) => [String(round + t * rows + i), '', '', '', '', '', '']);
    table(d, x, y + groupH, w, cols, numbers, rowH, 9.5);
  }
}
