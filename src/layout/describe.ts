import type { Slot } from '../core/kind.js';

/** What a page says about its figures, for their descriptions. */
export interface FigureContext {
  kind: string; // "Calcudoku"
  description: string; // "6x6 · hard"
  count: number; // figures in the section, for "puzzle 3 of 8"
  answers: boolean;
  heading: string; // names a figure that has no code (a board, a rules page)
  pupil?: string; // whose answers (a class's key)
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
    parts.push(c.answers ? `${c.pupil ? `${c.pupil}: answer` : 'Answer'} to ${what}` : what);
    if (slot.label) parts.push(/^\d+$/.test(slot.label) ? `puzzle ${slot.label} of ${c.count}` : /\d$/.test(slot.label) ? `${slot.label} of ${c.count}` : slot.label);
    parts.push(`code ${slot.code}`);
  } else {
    parts.push(c.heading);
    if (slot.label) parts.push(/\d$/.test(slot.label) ? `${slot.label} of ${c.count}` : slot.label);
  }
  // A puzzle's own words are its clues; a board's or a legend's words are what it shows.
  const said = [...new Set(words.map((w) => w.trim()).filter((w) => /\p{L}/u.test(w) && (!slot.code || /\s/.test(w))))];
  const text = parts.filter(Boolean).join(', ') + (said.length ? `: ${said.join(' ')}` : '');
  return text.length > MOST ? `${text.slice(0, MOST - 1)}…` : text;
}
