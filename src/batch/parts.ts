import { ownClass, whose } from './roster.js';
import type { Grid, Item, Kind, Paper, SectionContext } from '../core/kind.js';
import { commonSchema } from '../core/common.js';
import { findKind } from '../kinds/index.js';
import { planPages, type Part, type PlannedPage } from '../layout/plan.js';
import type { Templates } from '../layout/templates.js';
import { PAPER_SIZE } from '../pdf/document.js';
import { defaultTitle, generateItems, sectionContext } from '../run.js';
import type { BatchPlan, WorksheetPlan } from './plan.js';
import { kindTitle } from '../i18n/messages.js';
import { UserError } from '../core/errors.js';

export type Size = { w: number; h: number };

/** A booklet's logical page: half of the paper turned sideways (A5 on A4, half-Letter on Letter). */
export function halfPage(paper: Paper): Size {
  const s = PAPER_SIZE[paper];
  return { w: s.h / 2, h: s.w };
}

/** The seed of one worksheet: each pupil (or the one booklet) and each worksheet gets its own. */
export function worksheetSeed(seed: string, pupil: number | null, worksheet: number): string {
  return pupil === null ? `${seed}/${worksheet}` : `${seed}/${pupil}/${worksheet}`;
}

/**
 * The engine's section context for this page size, measuring the words the pages will really
 * show: a plan's own instructions replace the kind's on its pupils' pages, and may be longer.
 */
function context(plan: BatchPlan, ws: WorksheetPlan, templates: Templates, size: Size, kind: Kind, layout?: Grid): SectionContext {
  const ctx = sectionContext(plan.paper, templates, layout, false, ws.lang ?? plan.lang, plan.largePrint, size);
  const own = ws.instructions ? { instructions: ws.instructions } : {};
  // Each worksheet is headed by its own title or the kind's (a long one takes two lines).
  const headline = ws.title ?? defaultTitle(kind, ctx.msg);
  return { ...ctx, slotArea: (template, vars) => ctx.slotArea(template, { title: plan.title, headline, ...vars, ...(template === 'answers' ? {} : own) }) };
}

export interface BuiltWorksheet {
  name: string; // "Calcudoku · 6×6 · medium": contents line and bookmark
  heading: string; // "Calcudoku", or the worksheet's own title: a title may itself hold " · "
  description: string; // "6×6 · medium"
  codes: string[];
  worksheet: Part;
  key: Part; // the same sections; the key's headings carry the pupil's name
}

/** The puzzles of one worksheet for one pupil (or the booklet): generation only, nothing laid out. */
export function worksheetItems(plan: BatchPlan, seed: string, index: number, pupilIndex: number | null): Item<unknown>[] {
  const ws: WorksheetPlan = plan.worksheets[index]!;
  const kind = findKind(ws.kind) as Kind;
  try {
    return generateItems(kind, kind.schema.parse(ws.input), worksheetSeed(seed, pupilIndex, index), ws.count);
  } catch (e) {
    // a worksheet's own words or pictures are read here: the line stays the CLI's, the page marks that worksheet
    if (e instanceof UserError) throw e.placed(e.message, { sheet: index });
    throw e;
  }
}

/**
 * A worksheet's sections; a worksheet that cannot be printed so (large print, a folded booklet's half
 * pages) is named with its number and kind: the plan may have several of the same size.
 */
function sectionsOf(kind: Kind, options: unknown, items: Item<unknown>[], ctx: SectionContext, index: number): ReturnType<Kind['sections']> {
  try {
    return kind.sections(options, items, ctx);
  } catch (e) {
    if (e instanceof UserError) throw e.placed(`worksheet ${index + 1} (${kind.name}): ${e.message}`, { sheet: index });
    throw e;
  }
}

/**
 * One worksheet of the plan for one pupil (or the booklet) and how to print it; its puzzles are
 * generated here unless they were generated elsewhere (`items`, from the same seed).
 */
export function buildWorksheet(
  plan: BatchPlan,
  seed: string,
  index: number,
  pupil: string | null,
  pupilIndex: number | null,
  templates: Templates,
  size: Size,
  items: Item<unknown>[] = worksheetItems(plan, seed, index, pupilIndex),
): BuiltWorksheet {
  const ws: WorksheetPlan = plan.worksheets[index]!;
  const kind = findKind(ws.kind) as Kind;
  const options = kind.schema.parse(ws.input);
  const layout = ws.layout ? commonSchema.shape.layout.parse(ws.layout) : undefined;
  const codes = items.map((it) => it.code);
  const ctx = context(plan, ws, templates, size, kind, layout);
  const msg = ctx.msg!;
  const sections = sectionsOf(kind, options, items, ctx, index);
  const description = kind.describe(options, msg);
  const title = kindTitle(msg, kind);
  const name = `${ws.title ?? title} · ${description}`;
  // The plan's title runs along the footer; each worksheet is headed by its own title or kind.
  const heading = (h?: string) => h ?? ws.title ?? defaultTitle(kind, msg);
  const booklet = size.w !== PAPER_SIZE[plan.paper].w;
  const vars = { title: plan.title, subtitle: `${title} · ${description}`, kind: title, description, pupil: pupil ?? '', ...classOf(plan, pupilIndex), lang: msg.lang, booklet };
  const worksheet: Part = {
    outline: name,
    ...(plan.largePrint ? { large: true } : {}),
    vars,
    sections: sections.map((s) => ({ ...s, heading: heading(s.heading), instructions: (!s.answers && ws.instructions) || s.instructions })),
  };
  const key: Part = pupil
    ? {
        outline: name,
        vars: { ...vars, subtitle: `${vars.subtitle} · ${msg.t('batch.codes', { codes: codes.join(', ') })}` },
        sections: worksheet.sections.map((s) => (s.answers ? { ...s, heading: `${whose(plan, pupil, pupilIndex)} · ${s.heading}` } : s)),
      }
    : worksheet;
  return { name, heading: ws.title ?? title, description, codes, worksheet, key };
}

/**
 * The class of a pupil (the class list's, else the plan's), for the Class line of their pages;
 * nothing when neither names one (the line is left blank).
 */
export function classOf(plan: BatchPlan, pupilIndex: number | null = null): { class?: string } {
  const name = ownClass(plan, pupilIndex) || plan.className;
  return name ? { class: name } : {};
}

/** A fixed page count for each part, so stretches rendered apart can be numbered as one document. */
export function pagesOf(parts: Part[], answers: boolean): { pages: PlannedPage[]; starts: number[] } {
  const pages: PlannedPage[] = [];
  const starts: number[] = [];
  for (const part of parts) {
    starts.push(pages.length);
    pages.push(...planPages([part], answers));
  }
  return { pages, starts };
}
