import type { Box, Draw } from '../../pdf/draw.js';
import { GOAL, MARKERS, penultimateSquares } from './rules.js';
import { moveColumns, table } from './draw-util.js';

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
        `The starred squares (${pen.join(', ')}) are one roll away from ${GOAL}. Which roll do you need from each?`,
        `Only squares that divide ${GOAL} can still get there exactly. A marker on a hatched square (a dead end) can only go on until it passes ${GOAL} and goes back to 1.`,
        'Squares with grey numbers can never be landed on. Why? (Hint: try to make 7 with rolls of 2 to 6.)',
      ],
    },
    {
      title: 'How the computer player Auto120 chooses',
      lines: [
        `A. Move a marker onto a starred square or onto ${GOAL}.`,
        `B. If it cannot, move a marker onto a square that divides ${GOAL}.`,
        `C. If it cannot, land on the other player's marker to send it back to 1.`,
        `D. Otherwise move any marker that will not go past ${GOAL}.`,
        'Can you beat it? Play it, then try your own plan.',
      ],
    },
  ];
}

/** The rules in pupils' words, shrunk to fit whatever box the sheet template leaves. */
export function drawRules(d: Draw, box: Box): void {
  const parts = rulesText();
  const measure = (size: number): number =>
    parts.reduce((h, p) => h + size * 1.6 + p.lines.reduce((a, l) => a + d.paragraphHeight(l, box.w - size * 1.6, { size }) + size * 0.35, 0) + size * 0.6, 0);
  let size = 13;
  while (size > 7 && measure(size) > box.h) size -= 0.5;
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

/** A game log for two players: one row per turn, enough rows to fill the page. */
export function drawRecord(d: Draw, box: Box): void {
  const size = 11;
  let y = box.y;
  for (const name of ['Red', 'Blue']) {
    d.text(`${name} player:`, { x: box.x, y, w: 80, h: 20 }, { size, font: 'bold', valign: 'bottom' });
    d.line(box.x + 82, y + 20, box.x + box.w * 0.55, y + 20, { width: 0.6 });
    d.text('Markers home:', { x: box.x + box.w * 0.6, y, w: 80, h: 20 }, { size, valign: 'bottom' });
    for (let k = 0; k < MARKERS; k++) d.rect({ x: box.x + box.w * 0.6 + 84 + k * 22, y: y + 4, w: 16, h: 16 }, { width: 0.8 });
    y += 28;
  }
  y += 6;
  const cols = [...moveColumns('Turn'), { title: 'Bumped?', weight: 1.1 }];
  const rowH = 20;
  const rows = Math.max(1, Math.floor((box.y + box.h - y - rowH * 1.1 - 16) / rowH));
  const h = table(d, box.x, y, box.w, cols, Array.from({ length: rows }, (_, i) => [String(i + 1), '', '', '', '', '', '']), rowH, size);
  d.text('Marker: which one (1 to 4). To: the square it reached (1 if it went past 120, HOME on 120). Bumped?: whose markers went back to 1.', { x: box.x, y: y + h + 3, w: box.w, h: 12 }, { size: 8, font: 'italic', fit: true, valign: 'top' });
}
