import type { Slot } from '../core/kind.js';
import type { Messages } from '../i18n/messages.js';

/** What a page says about its figures, for their descriptions. */
export interface FigureContext {
  kind: string; // "Calcudoku"
  description: string; // "6x6 · hard"
  count: number; // figures in the section, for "puzzle 3 of 8"
  answers: boolean;
  heading: string; // names a figure that has no code (a board, a rules page)
  pupil?: string; // whose answers (a class's key)
  msg: Messages; // the document's language
}

/** "Card 12 of 57" for a numbered label, the label alone otherwise. */
function numbered(label: string, c: FigureContext): string {
  return /\d$/.test(label) ? c.msg.t('figure.ofCount', { label, count: c.count }) : label;
}

/** Longer descriptions are cut here: a reader hears the start, and a whole rules page is enough. */
const MOST = 1500;

/**
 * A figure's description for readers who cannot see it ("Calcudoku 6x6, hard, puzzle 3 of 8, code
 * K6HF-503STSQQX6"), followed by the sentences and labels drawn in it, so a worksheet's questions
 * or a rules page are read out; a puzzle's lone numbers and clues ("12+") are left to the picture.
 */
export function describeFigure(slot: Slot, words: string[], c: FigureContext): string {
  const parts: string[] = [];
  if (slot.code) {
    const [first, ...rest] = c.description.split(' · ');
    const what = [[c.kind, first].filter(Boolean).join(' '), ...rest].filter(Boolean).join(', ');
    parts.push(!c.answers ? what : c.pupil ? c.msg.t('figure.pupilAnswer', { pupil: c.pupil, what }) : c.msg.t('figure.answer', { what }));
    if (slot.label) parts.push(/^\d+$/.test(slot.label) ? c.msg.t('figure.puzzle', { n: slot.label, count: c.count }) : numbered(slot.label, c));
    parts.push(c.msg.t('figure.code', { code: slot.code }));
  } else {
    parts.push(c.heading);
    if (slot.label) parts.push(numbered(slot.label, c));
  }
  // A puzzle's own words are its clues; a board's or a legend's words are what it shows.
  const said = [...new Set(words.map((w) => w.trim()).filter((w) => /\p{L}/u.test(w) && (!slot.code || /\s/.test(w))))];
  const text = parts.filter(Boolean).join(', ') + (said.length ? `: ${said.join(' ')}` : '');
  return text.length > MOST ? `${text.slice(0, MOST - 1)}…` : text;
}
