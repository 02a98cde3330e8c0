import type { Box, Draw } from '../../pdf/draw.js';
import { messages, type Messages } from '../../i18n/messages.js';

/** The games, in words for children: each game's name (who plays) and its steps, from the messages. */
export const GAMES: { id: string; lines: number }[] = [
  { id: 'oneRule', lines: 2 },
  { id: 'tower', lines: 3 },
  { id: 'well', lines: 3 },
  { id: 'hotPotato', lines: 3 },
  { id: 'catch', lines: 3 },
  { id: 'gift', lines: 3 },
  { id: 'younger', lines: 1 },
];

export function gamesText(words: boolean, m: Messages = messages()): { title: string; lines: string[] }[] {
  const thing = words ? 'word' : 'picture';
  return GAMES.map((g) => ({
    title: m.t(`dobble.game.${g.id}.title`),
    lines: Array.from({ length: g.lines }, (_, i) => m.t(`dobble.game.${g.id}.${i + 1}`, { thing })),
  }));
}

/** Pages the games take: 16 pt large print needs three, a booklet's half page two (at 8 pt they ran into its footer). */
export function gamesPages(large?: boolean, small?: boolean): number {
  return large ? 3 : small ? 2 : 1;
}

/**
 * The games on one page, shrunk to fit whatever box the sheet template leaves. `page` of `pages`:
 * each page takes the games in order until it holds its share of the whole height.
 */
export function drawGames(d: Draw, box: Box, words: boolean, m?: Messages, page = 0, pages = 1): void {
  const all = gamesText(words, m);
  const indent = (size: number) => size * 1.4;
  const measureParts = (parts: typeof all, size: number): number =>
    parts.reduce(
      (h, p) => h + size * 1.6 + p.lines.reduce((a, l) => a + d.paragraphHeight(l, box.w - indent(size), { size }) + size * 0.3, 0) + size * 0.5,
      0,
    );
  let parts = all;
  if (pages > 1) {
    const share = measureParts(all, 12) / pages;
    const onPage = all.map((_, k) => Math.min(pages - 1, Math.floor((measureParts(all.slice(0, k), 12) + measureParts([all[k]!], 12) / 2) / share)));
    parts = all.filter((_, k) => onPage[k] === page);
  }
  const measure = (size: number): number => measureParts(parts, size);
  let size = 12;
  while (size > Math.max(8, d.minText) && measure(size) > box.h) size -= 0.5;
  // right to left: bullets at the right margin, lines indented from it
  const rtl = (m ?? messages()).dir === 'rtl';
  let y = box.y;
  for (const p of parts) {
    d.text(p.title, { x: box.x, y, w: box.w, h: size * 1.3 }, { size: size * 1.1, font: 'bold', valign: 'top' });
    y += size * 1.6;
    for (const l of p.lines) {
      d.circle(rtl ? box.x + box.w - size * 0.5 : box.x + size * 0.5, y + size * 0.6, size * 0.15, { fill: '#000000' });
      y += d.paragraph(l, rtl ? box.x : box.x + indent(size), y, box.w - indent(size), { size }) + size * 0.3;
    }
    y += size * 0.5;
  }
}
