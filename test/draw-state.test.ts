import '../src/port/node.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pdfkitDocument } from '../src/pdf/document.js';
import { Draw, type Stroke } from '../src/pdf/draw.js';
import { placeForm, recordForm } from '../src/pdf/xobject.js';
import { formContents } from './helpers/form-contents.js';

// Draw leaves out a line's width, cap, join and stroke colour when the stream already has them.
// These tests read back every operator written and play the graphics state as a PDF reader does
// (q/Q, w, J, j, d, CS/SCN, RG): each stroke must see the style its shape asked for. A form starts
// from a nonsense state, since it is painted in whatever state the page has where it is placed.

interface Seen {
  width: number;
  cap: number;
  join: number;
  dash: string;
  colour: string;
}

const CAPS = { butt: 0, round: 1, square: 2 } as const;
const JOINS = { miter: 0, round: 1, bevel: 2 } as const;
const NONSENSE: Seen = { width: -1, cap: -1, join: -1, dash: 'unset', colour: 'unset' };

function rgb(hex: string): string {
  return [1, 3, 5].map((i) => (parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(3)).join(' ');
}

/** Every stroke in the written operators, with the state in force when it was painted. */
function strokes(log: string[]): Seen[] {
  let now: Seen = { width: 1, cap: 0, join: 0, dash: '', colour: rgb('#000000') };
  const stack: Seen[] = [];
  const out: Seen[] = [];
  for (const chunk of log) {
    if (chunk === '<form>') {
      stack.push(now);
      now = { ...NONSENSE };
      continue;
    }
    if (chunk === '</form>') {
      now = stack.pop()!;
      continue;
    }
    const ops = chunk.match(/\[[^\]]*\]|\/?[^\s[\]]+/g) ?? [];
    const args: string[] = [];
    for (const t of ops) {
      if (!/^[A-Za-z*]+$/.test(t)) {
        args.push(t);
        continue;
      }
      if (t === 'q') stack.push({ ...now });
      else if (t === 'Q') now = stack.pop()!;
      else if (t === 'w') now.width = Number(args[0]);
      else if (t === 'J') now.cap = Number(args[0]);
      else if (t === 'j') now.join = Number(args[0]);
      else if (t === 'd') now.dash = args[0] === '[]' ? '' : args[0]!.replace(/\s+/g, ' ');
      else if (t === 'SCN' || t === 'RG') now.colour = args.map((a) => Number(a).toFixed(3)).join(' ');
      else if (t === 'S' || t === 'B') out.push({ ...now });
      args.length = 0;
    }
  }
  return out;
}

type Step =
  | { op: 'line' | 'rect' | 'circle' | 'polyline'; style: Stroke }
  | { op: 'group' | 'form'; steps: Step[] };

const style = fc.record(
  {
    width: fc.constantFrom(0.5, 1, 2.25),
    cap: fc.constantFrom('butt' as const, 'round' as const, 'square' as const),
    join: fc.constantFrom('miter' as const, 'round' as const, 'bevel' as const),
    stroke: fc.constantFrom('#000000', '#336699', '#ff0000'),
    fill: fc.constantFrom('#eeeeee', '#ffcc00'),
    dash: fc.constant<[number, number]>([3, 2]),
    opacity: fc.constant(0.5),
  },
  { requiredKeys: ['width', 'stroke'] },
);

const steps: fc.Arbitrary<Step[]> = fc.letrec<{ steps: Step[]; step: Step }>((tie) => ({
  steps: fc.array(tie('step'), { maxLength: 6 }),
  step: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ op: fc.constantFrom('line' as const, 'rect' as const, 'circle' as const, 'polyline' as const), style }),
    fc.record({ op: fc.constantFrom('group' as const, 'form' as const), steps: tie('steps') }),
  ),
})).steps;

/** Draws the steps, logging every operator; returns the stroke state each shape asked for. */
function drawSteps(d: Draw, list: Step[], log: string[]): Seen[] {
  const wanted: Seen[] = [];
  for (const s of list) {
    if (s.op === 'group') d.group(() => wanted.push(...drawSteps(d, s.steps, log)));
    else if (s.op === 'form') {
      log.push('<form>');
      const form = recordForm(d.doc, [0, 0, 100, 100], () => wanted.push(...drawSteps(d, s.steps, log)));
      log.push('</form>');
      placeForm(d.doc, form);
    } else if ('style' in s) {
      const st = s.style;
      if (s.op === 'line') d.line(10, 10, 50, 60, st);
      else if (s.op === 'rect') d.rect({ x: 5, y: 5, w: 30, h: 20 }, st);
      else if (s.op === 'circle') d.circle(40, 40, 12, st);
      else d.polyline([[1, 1], [20, 5], [8, 30]], st);
      // A line or polyline is never filled; a filled shape with a stroke colour is stroked too.
      wanted.push({
        width: Math.max(st.width!, d.minLine),
        cap: CAPS[st.cap ?? 'butt'],
        join: JOINS[st.join ?? 'miter'],
        dash: st.dash ? `[${st.dash[0]} ${st.dash[1]}]` : '',
        colour: rgb(st.stroke as string),
      });
    }
  }
  return wanted;
}

function logged(d: Draw): string[] {
  const log: string[] = [];
  const doc = d.doc as unknown as { addContent(s: string): unknown };
  const add = doc.addContent.bind(doc);
  const played = formContents(d.doc);
  doc.addContent = (s: string) => (log.push(played(s)), add(s));
  return log;
}

describe('Draw stroke state', () => {
  it('every stroke is painted with its own width, cap, join, dash and colour', () => {
    fc.assert(
      fc.property(steps, fc.boolean(), (list, twoPages) => {
        const d = new Draw(pdfkitDocument({ size: 'A4', compress: false }));
        const log = logged(d);
        const wanted = drawSteps(d, list, log);
        if (twoPages) {
          d.doc.addPage();
          wanted.push(...drawSteps(d, list, log));
        }
        expect(strokes(log)).toEqual(wanted);
      }),
      { numRuns: 300 },
    );
  });

  it('writes a repeated style once per page, and again on a new page', () => {
    const d = new Draw(pdfkitDocument({ size: 'A4', compress: false }));
    const log = logged(d);
    const grid = () => {
      for (let i = 0; i < 10; i++) d.line(0, i * 10, 100, i * 10, { width: 0.75, stroke: '#333333' });
    };
    grid();
    const first = log.join('\n');
    d.doc.addPage();
    log.length = 0;
    grid();
    for (const text of [first, log.join('\n')]) {
      expect(text.match(/ w\b/g)).toHaveLength(1);
      expect(text.match(/ (SCN|RG)\b/g)).toHaveLength(1);
      expect(text.match(/\bS\b/g)).toHaveLength(10);
    }
  });

  it('honours the large-print floor on line widths', () => {
    const d = new Draw(pdfkitDocument({ size: 'A4', compress: false }));
    const log = logged(d);
    d.minLine = 1.5;
    d.line(0, 0, 10, 10, { width: 0.5 });
    d.line(0, 0, 10, 10, { width: 3 });
    d.line(0, 0, 10, 10);
    expect(strokes(log).map((s) => s.width)).toEqual([1.5, 3, 1.5]);
  });
});
