import type { Explanation, Item, Section, Slot } from '../core/kind.js';
import type { Box, Draw } from '../pdf/draw.js';

export interface ExplainArgs<M> {
  items: Item<M>[];
  explanations: Explanation[]; // one per item, in order
  heading?: string;
  drawDiagram?(d: Draw, box: Box, model: M, diagram: unknown): void;
}

/** Worked solutions as an answer-side section: one page per puzzle, after the answer key. */
export function explainSection<M>(a: ExplainArgs<M>): Section {
  const slots: Slot[] = a.explanations.map((ex, k) => {
    const it = a.items[k]!;
    return {
      label: String(it.number),
      code: it.code,
      draw: (d, box) => drawExplanation(d, box, ex, (dd, b, diagram) => a.drawDiagram?.(dd, b, it.model, diagram)),
    };
  });
  return { title: 'Worked solutions', template: 'solutions', answers: true, grid: { cols: 1, rows: 1 }, heading: a.heading, labels: true, slots };
}

const GAP = 14; // between the two columns
const TOP = 16; // room for the slot's number and code above the text

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
export function drawExplanation(d: Draw, box: Box, ex: Explanation, diagram: (d: Draw, box: Box, data: unknown) => void): void {
  const inner: Box = { x: box.x, y: box.y + TOP, w: box.w, h: box.h - TOP };
  const colW = (inner.w - GAP) / 2;
  let size = 11;
  let plan = layout(d, inner, colW, ex, size);
  while (!plan && size > 5.5) {
    size -= 0.5;
    plan = layout(d, inner, colW, ex, size);
  }
  plan ??= layout(d, inner, colW, ex, size, true)!;
  for (const p of plan.placed) {
    const step = ex.steps[p.step]!;
    if (p.kind === 'text') d.paragraph(step.text, p.x, p.y, colW, { size });
    else diagram(d, { x: p.x, y: p.y, w: p.h, h: p.h }, step.diagram);
  }
}

function layout(d: Draw, inner: Box, colW: number, ex: Explanation, size: number, force = false): { placed: Placed[] } | null {
  const placed: Placed[] = [];
  const side = Math.min(colW * 0.62, size * 13);
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
