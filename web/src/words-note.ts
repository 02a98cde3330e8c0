import { deckSize, hasPlane, MAX_SYMBOLS_PER_CARD } from '../../src/kinds/dobble/plane.js';

/**
 * What a deck does with the teacher's word list (or pictures) when it is longer than the deck needs: some words
 * are left out at random, which a teacher who typed 20 class words would not guess. Empty when
 * every word is used or the list is too short (that is refused with its own message).
 */
export function wordsNote(words: number, perCard: number, noun: 'words' | 'pictures' = 'words'): string {
  const used = deckSize(perCard);
  if (!hasPlane(perCard) || words <= used) return '';
  let bigger = perCard + 1;
  while (bigger <= MAX_SYMBOLS_PER_CARD && !hasPlane(bigger)) bigger++;
  const all = deckSize(bigger);
  const then =
    bigger > MAX_SYMBOLS_PER_CARD
      ? ''
      : all === words
        ? ` With ${bigger} symbols a card, all ${words} are used.`
        : ` With ${bigger} symbols a card, ${all} ${noun} are used: add ${all - words} more.`;
  return `A deck with ${perCard} symbols a card uses ${used} of your ${words} ${noun}, chosen at random: ${words - used} ${words - used === 1 ? 'is' : 'are'} left out.${then}`;
}
