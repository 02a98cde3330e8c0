import type { Box, Draw } from '../../pdf/draw.js';

/** The games, in words for children. Each game: its name, who plays, and its steps. */
export function gamesText(words: boolean): { title: string; lines: string[] }[] {
  const thing = words ? 'word' : 'picture';
  return [
    {
      title: 'The one rule',
      lines: [
        `Any two cards have exactly one ${thing} the same. Find it, say it out loud, and you win the card.`,
        'Everybody plays at the same time. If two players speak together, the first one heard wins.',
      ],
    },
    {
      title: 'The Tower (2 to 8 players)',
      lines: [
        'Give everyone one card, face down. Put the rest in a pile in the middle, face up.',
        `Turn your cards over. Find the ${thing} your card shares with the top card of the pile, say it, and take that card. Put it on top of your own card: that card is now the one you match.`,
        'When the pile is gone, count your cards. The tallest tower wins.',
      ],
    },
    {
      title: 'The Well (2 to 8 players)',
      lines: [
        'Put one card face up in the middle. Share out all the others, face down, so everyone has a pile.',
        `Turn your piles over. Find the ${thing} your top card shares with the middle card, say it, and put your card on the middle pile.`,
        'The first player with no cards left wins.',
      ],
    },
    {
      title: 'Hot Potato (2 to 8 players, a few rounds)',
      lines: [
        'Everyone takes one card and holds it face down in one hand.',
        `Turn your cards over together. Find the ${thing} your card shares with another player's card, say it, and put your card on top of theirs. They match their new top card now.`,
        'The player left holding every card loses the round and keeps them. After a few rounds, whoever has the fewest cards wins.',
      ],
    },
    {
      title: 'Catch Them All (2 to 8 players)',
      lines: [
        'Put one card face down in the middle and up to nine cards face up around it.',
        `Turn the middle card over. Find a card around it that shares a ${thing} with it, say the ${thing}, and take that card. Keep going until all the cards around it are taken.`,
        'Start again with new cards. When the deck runs out, the most cards wins.',
      ],
    },
    {
      title: 'The Gift Nobody Wants (2 to 8 players)',
      lines: [
        'Give everyone one card, face up in front of them. Put the rest in a pile in the middle, face up.',
        `Find the ${thing} the top card of the pile shares with someone else's card, say it, and give them that card: it goes on top of their card.`,
        'When the pile is gone, the player with the fewest cards wins.',
      ],
    },
    {
      title: 'For younger players',
      lines: [
        `Take turns instead of racing: turn two cards over, and everyone looks until someone points at the ${thing} they share.`,
      ],
    },
  ];
}

/** The games on one page, shrunk to fit whatever box the sheet template leaves. */
export function drawGames(d: Draw, box: Box, words: boolean): void {
  const parts = gamesText(words);
  const indent = (size: number) => size * 1.4;
  const measure = (size: number): number =>
    parts.reduce(
      (h, p) => h + size * 1.6 + p.lines.reduce((a, l) => a + d.paragraphHeight(l, box.w - indent(size), { size }) + size * 0.3, 0) + size * 0.5,
      0,
    );
  let size = 12;
  while (size > 8 && measure(size) > box.h) size -= 0.5;
  let y = box.y;
  for (const p of parts) {
    d.text(p.title, { x: box.x, y, w: box.w, h: size * 1.3 }, { size: size * 1.1, font: 'bold', valign: 'top' });
    y += size * 1.6;
    for (const l of p.lines) {
      d.circle(box.x + size * 0.5, y + size * 0.6, size * 0.15, { fill: '#000000' });
      y += d.paragraph(l, box.x + indent(size), y, box.w - indent(size), { size }) + size * 0.3;
    }
    y += size * 0.5;
  }
}
