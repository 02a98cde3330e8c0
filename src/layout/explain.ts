import type { Explanation, Item, Section, Slot } from '../core/kind.js';
import type { Box, Draw } from '../pdf/draw.js';
import { messages, type Messages } from '../i18n/messages.js';
import { LABEL_H } from './page.js';

export interface ExplainArgs<M> {
  items: Item<M>[];
  area: Box; // the slot box of the solutions page, for splitting long solutions over pages
  explanations: Explanation[]; // one per item, in order
  heading?: string;
  msg?: Messages; // the run's language (English without it)
  drawDiagram?(d: Draw, box: Box, model: M, diagram: unknown): void;
  diagramSize?(model: M): number; // a diagram's side in text sizes (DIAGRAM_SIZE without it)
  /** A document to measure text in: a last step alone on its page is then kept with the page before. */
  measure?: Draw;
}

/**
 * Worked solutions as an answer-side section after the answer key: a page per puzzle, or more when
 * its steps would not fit a page at a readable size.
 */
export function explainSection<M>(a: ExplainArgs<M>): Section {
  const m = a.msg ?? messages();
  const slots: Slot[] = a.explanations.flatMap((ex, k) => {
    const it = a.items[k]!;
    const em = a.diagramSize?.(it.model) ?? DIAGRAM_SIZE;
    // the box the steps are drawn in: the slot's box below its number and code (drawSlot keeps that room)
    const inner = { ...a.area, y: a.area.y + LABEL_H, h: a.area.h - LABEL_H };
    const pages = splitPages(ex, inner, em);
    if (a.measure) keepLastStep(pages, a.measure, inner, em);
    return pages.map((part, p) => ({
      label: p === 0 ? String(it.number) : m.t('explain.continued', { n: it.number }),
      code: it.code,
      draw: (d: Draw, box: Box) => drawExplanation(d, box, part, (dd, b, diagram) => a.drawDiagram?.(dd, b, it.model, diagram), em),
    }));
  });
  return { title: m.t('section.workedSolutions'), template: 'solutions', answers: true, grid: { cols: 1, rows: 1 }, heading: a.heading, labels: true, slots };
}

const GAP = 14; // between the two columns
/** Text size that pages are planned for; a page that came out fuller is printed a little smaller. */
const PLAN_SIZE = 9.5;
/** Andika's mean advance width in ems, for planning pages without a document to measure in. */
const EM_PER_CHAR = 0.46;

/** Steps cut into page-sized runs by estimated height (drawing then fits each page exactly). */
function splitPages(ex: Explanation, inner: Box, em: number): Explanation[] {
  const colW = (inner.w - GAP) / 2;
  const line = PLAN_SIZE * 1.2;
  const side = diagramSide(colW, PLAN_SIZE, em);
  const pages: Explanation[] = [];
  let steps: Explanation['steps'] = [];
  let used = 0;
  const room = 2 * inner.h * 0.95;
  for (const step of ex.steps) {
    const lines = Math.ceil((step.text.length * PLAN_SIZE * EM_PER_CHAR) / colW);
    const h = lines * line + PLAN_SIZE * 0.45 + (step.diagram !== undefined ? side + PLAN_SIZE * 0.45 : 0);
    if (used + h > room && steps.length) {
      pages.push({ steps });
      steps = [];
      used = 0;
    }
    steps.push(step);
    used += h;
  }
  pages.push({ steps });
  return pages;
}

/**
 * A closing sentence ("All the squares are filled: ...") alone on a page of its own, under
 * "4 (continued)", reads as a page printed by mistake: the page estimate above is rough, and the
 * page before often has room for it. It joins that page when the page keeps its text size, or
 * else takes the step before along with it.
 */
function keepLastStep(pages: Explanation[], d: Draw, inner: Box, em: number): void {
  const last = pages.at(-1)!;
  if (pages.length < 2 || last.steps.length !== 1 || last.steps[0]!.diagram !== undefined) return;
  const prev = pages.at(-2)!;
  const joined = { steps: [...prev.steps, ...last.steps] };
  const colW = (inner.w - GAP) / 2;
  if (fitSize(d, inner, colW, joined, em) >= fitSize(d, inner, colW, prev, em)) pages.splice(-2, 2, joined);
  else if (prev.steps.length > 1) pages.splice(-2, 2, { steps: prev.steps.slice(0, -1) }, { steps: [...prev.steps.slice(-1), ...last.steps] });
}

/** A diagram's usual side in text sizes: small grids read well at about a third of the page's width. */
export const DIAGRAM_SIZE = 15.5;

function diagramSide(colW: number, size: number, em: number): number {
  return Math.min(em > DIAGRAM_SIZE ? colW : colW * 0.7, size * em);
}

interface Placed {
  kind: 'text' | 'diagram';
  step: number;
  x: number;
  y: number;
  h: number;
}

/**
 * Steps in two columns, each step's diagram under its sentence. The largest text size at which
 * everything fits the page is used, so a long solution stays on one page in smaller print.
 */
export function drawExplanation(d: Draw, inner: Box, ex: Explanation, diagram: (d: Draw, box: Box, data: unknown) => void, em = DIAGRAM_SIZE): void {
  const colW = (inner.w - GAP) / 2;
  const size = fitSize(d, inner, colW, ex, em);
  const plan = layout(d, inner, colW, ex, size, em) ?? layout(d, inner, colW, ex, size, em, true)!;
  for (const p of plan.placed) {
    const step = ex.steps[p.step]!;
    if (p.kind === 'text') d.paragraph(step.text, p.x, p.y, colW, { size });
    else diagram(d, { x: p.x, y: p.y, w: p.h, h: p.h }, step.diagram);
  }
}

/** The largest text size, the planned size at most (so every page of one solution reads alike), at which a page's steps fit. */
function fitSize(d: Draw, inner: Box, colW: number, ex: Explanation, em: number): number {
  let size = PLAN_SIZE;
  while (!layout(d, inner, colW, ex, size, em) && size > 5.5) size -= 0.5;
  return size;
}

function layout(d: Draw, inner: Box, colW: number, ex: Explanation, size: number, em: number, force = false): { placed: Placed[] } | null {
  const placed: Placed[] = [];
  const side = diagramSide(colW, size, em);
  const spacing = size * 0.45;
  let col = 0;
  let y = inner.y;
  const put = (kind: Placed['kind'], step: number, h: number): boolean => {
    if (y + h > inner.y + inner.h && y > inner.y) {
      col++;
      y = inner.y;
      if (col > 1 && !force) return false;
    }
    placed.push({ kind, step, x: inner.x + Math.min(col, 1) * (colW + GAP), y, h });
    y += h + spacing;
    return true;
  };
  for (let k = 0; k < ex.steps.length; k++) {
    const step = ex.steps[k]!;
    if (!put('text', k, d.paragraphHeight(step.text, colW, { size }))) return null;
    if (step.diagram !== undefined && !put('diagram', k, side)) return null;
  }
  return { placed };
}
