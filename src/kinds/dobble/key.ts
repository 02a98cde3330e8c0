import type { Item, Section } from '../../core/kind.js';
import type { Deck } from './deck.js';
import type { Messages } from '../../i18n/messages.js';
import { symbolName } from './names.js';

const CARDS_A_PAGE = 40;

/**
 * What `puzzlepress key` prints for a deck: the symbol legend and one line per card listing its
 * symbols, so a lost or doubtful card can be checked without printing the whole deck again.
 */
export function deckKeySections(it: Item<Deck>, legend: Section, m: Messages): Section[] {
  const deck = it.model;
  return [
    { ...legend, answers: true },
    {
      title: m.t('dobble.cardList'),
      template: 'sheet',
      answers: true,
      grid: { cols: 1, rows: 1 },
      heading: m.t('dobble.cardList'),
      instructions: m.t('dobble.cardListNote', { code: it.code }),
      labels: false,
      // One slot a page holding many lines: slots of a grid are kept apart by a gap too wide for a list.
      slots: chunks(deck.cards.length, CARDS_A_PAGE).map(([from, to]) => ({
        draw: (d, box) => {
          const lineH = Math.min(box.h / CARDS_A_PAGE, 20);
          const labelW = 52;
          for (let i = from; i < to; i++) {
            const row = { x: box.x, y: box.y + (i - from) * lineH, w: box.w, h: lineH };
            if ((i - from) % 2 === 0) d.rect(row, { fill: '#f0f0f0' });
            d.text(m.t('dobble.card', { n: i + 1 }), { ...row, x: row.x + 4, w: labelW }, { size: 10, font: 'bold' });
            const names = deck.cards[i]!.map((id) => `${id + 1} ${symbolName(m, deck.symbols[id]!)}`).join('  ·  ');
            d.text(names, { ...row, x: row.x + labelW + 4, w: row.w - labelW - 8 }, { size: 10, fit: true });
          }
        },
      })),
    },
  ];
}

function chunks(n: number, size: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < n; i += size) out.push([i, Math.min(n, i + size)]);
  return out;
}
