import type { Grid, Lead, Section, Slot } from '../core/kind.js';
import { messages } from '../i18n/messages.js';

/** A kind's (or a batch worksheet's) sections plus the words its templates show. */
export interface Part {
  outline?: string; // a parent bookmark for this part's sections (batches); absent: sections are top level
  large?: boolean; // large print (src/pdf/print.ts) for the pupils' pages; answer keys stay in normal print
  vars: Record<string, unknown>; // title, subtitle, kind, pupil, ...
  sections: Section[];
}

export interface PlannedPage {
  template: string;
  vars: Record<string, unknown>;
  slots: Slot[];
  grid: Grid;
  labels: boolean;
  mirrored: boolean;
  outline: string[] | null; // bookmark path that starts on this page
  answers?: boolean; // part of an answer key
  count?: number; // slots in the whole section (for "puzzle 3 of 8")
  large?: boolean; // large print: laid out smaller, drawn enlarged (src/pdf/print.ts)
  lead?: Lead; // drawn above the slots (the section's first page)
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out.length ? out : [[]]; // a section without slots still gets its page (rules, covers)
}

/** "Ava Smith · Class 4B homework", or the title alone when the page is nobody's. */
function withPupil(pupil: unknown, title: unknown): unknown {
  return typeof pupil === 'string' && pupil !== '' ? (title ? `${pupil} · ${String(title)}` : pupil) : title;
}

/** How many things a section shows, for "puzzle 3 of 8": a puzzle drawn over two pages counts once. */
function count(slots: Slot[]): number {
  return new Set(slots.map((x) => x.label).filter(Boolean)).size || slots.length;
}

/** Cuts the chosen sections (worksheets or answer keys) of every part into pages. */
export function planPages(parts: Part[], answers: boolean): PlannedPage[] {
  const pages: PlannedPage[] = [];
  for (const part of parts) {
    const words = messages(typeof part.vars.lang === 'string' && part.vars.lang ? part.vars.lang : undefined);
    for (const s of part.sections.filter((x) => x.answers === answers)) {
      const perPage = Math.max(1, s.grid.cols * s.grid.rows);
      // A lead (worked example) may take rows of slots on the first page, or give it a grid of its own.
      const top = s.lead?.grid ?? s.grid;
      const first = s.lead ? Math.max(0, top.cols * top.rows - s.lead.rows * top.cols) : perPage;
      const fronts = first === perPage ? chunk(s.slots, perPage) : [s.slots.slice(0, first), ...(s.slots.length > first ? chunk(s.slots.slice(first), perPage) : [])];
      const backs = s.backs ? chunk(s.backs, perPage) : null;
      fronts.forEach((slots, i) => {
        const outline = i > 0 ? null : part.outline ? [part.outline, s.title] : [s.title];
        const vars = {
          ...part.vars,
          headline: s.heading ?? part.vars.title,
          ...(s.subtitle !== undefined ? { subtitle: s.subtitle } : {}),
          instructions: s.instructions ?? '',
          section: s.title,
          // Large print has room for each puzzle's code only once: it stays above its puzzle, where
          // normal print has it too and the key shows it, and the footer's list of them goes.
          codes: part.large && !s.answers && s.labels
            ? ''
            : slots
                .filter((x) => x.code)
                .map((x) => (x.label ? words.t('label.value', { label: x.label, value: x.code! }) : x.code))
                .join('   '),
          // a page whose slots share one code (a deck's cards) names it once
          code: slots.length && slots.every((x) => x.code && x.code === slots[0]!.code) ? slots[0]!.code! : '',
          // a sheet's footer: the run's title, or for a deck's other pages what its card pages say (not
          // in large print, where the description and code at 16 pt would not fit the footer's line).
          // A pupil's sheet (a game board, rules) has no name line: the footer names the pupil first,
          // so a page that has come apart from the rest still goes back to its owner.
          footer: s.deckCode !== undefined && !part.large ? part.vars.subtitle : s.answers ? part.vars.title : withPupil(part.vars.pupil, part.vars.title),
          deckCode: part.large ? '' : (s.deckCode ?? ''),
        };
        const base = { template: s.template, vars, grid: s.grid, labels: s.labels ?? false, answers: s.answers, count: count(s.slots), ...(part.large && !s.answers ? { large: true } : {}) };
        pages.push({ ...base, slots, mirrored: false, outline, ...(i === 0 && s.lead ? { lead: s.lead, grid: top } : {}) });
        if (backs) {
          pages.push({ ...base, template: 'backs', slots: backs[i] ?? [], mirrored: true, labels: false, outline: null });
        }
      });
    }
  }
  return pages;
}
