import '../src/port/node.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pdfkitDocument } from '../src/pdf/document.js';
import { Draw, type Point } from '../src/pdf/draw.js';

// Draw.polyline leaves out points halfway along a straight run along an axis (a Flow line through
// a row of squares). Read back from the operators written: the path must pass through every point
// asked for, in order, turn only where the points turn, and keep every point where they turn back.

/** The points of the one path written (m, then l...). */
function written(d: Draw, points: Point[]): Point[] {
  const log: string[] = [];
  const doc = d.doc as unknown as { addContent(s: string): unknown };
  const add = doc.addContent.bind(doc);
  doc.addContent = (s: string) => (log.push(s), add(s));
  d.polyline(points, { width: 2, cap: 'round', join: 'round' });
  doc.addContent = add;
  return log
    .join('\n')
    .split('\n')
    .filter((op) => / [ml]$/.test(op))
    .map((op) => op.split(' ').slice(0, 2).map(Number) as Point);
}

const onSegment = ([x, y]: Point, [ax, ay]: Point, [bx, by]: Point) =>
  (x === ax && ax === bx && Math.min(ay, by) <= y && y <= Math.max(ay, by)) ||
  (y === ay && ay === by && Math.min(ax, bx) <= x && x <= Math.max(ax, bx)) ||
  (x === ax && y === ay) ||
  (x === bx && y === by);

/** Lattice walks: unit steps along the axes, turns and turn-backs, with a cell size in points. */
const walks = fc
  .tuple(fc.array(fc.constantFrom<Point>([1, 0], [-1, 0], [0, 1], [0, -1]), { minLength: 1, maxLength: 30 }), fc.constantFrom(1, 12.3344, 27.5))
  .map(([steps, cell]) => {
    const out: Point[] = [[40, 40]];
    for (const [dx, dy] of steps) {
      const [x, y] = out[out.length - 1]!;
      out.push([x + dx * cell, y + dy * cell]);
    }
    return out.map(([x, y]) => [Math.round(x * 1e6) / 1e6, Math.round(y * 1e6) / 1e6] as Point);
  });

describe('Draw.polyline', () => {
  it('passes through every point, in order, and keeps every turn', () => {
    fc.assert(
      fc.property(walks, (points) => {
        const d = new Draw(pdfkitDocument({ size: 'A4', compress: false }));
        d.doc.addPage();
        const path = written(d, points);
        expect(path[0]).toEqual(points[0]);
        expect(path[path.length - 1]).toEqual(points[points.length - 1]);
        // each point asked for lies on the path, segments taken in order
        let seg = 0;
        for (const p of points) {
          while (seg < path.length - 1 && !onSegment(p, path[seg]!, path[seg + 1]!)) seg++;
          expect(seg, `${p} on the path`).toBeLessThan(Math.max(1, path.length - 1));
        }
        // and the path's points are points asked for, where the walk turns or turns back
        for (let i = 1; i < path.length - 1; i++) {
          const k = points.findIndex(([x, y]) => x === path[i]![0] && y === path[i]![1]);
          expect(k, `${path[i]} is a point asked for`).toBeGreaterThanOrEqual(0);
          const [a, b, c] = [path[i - 1]!, path[i]!, path[i + 1]!];
          const straight = (a[0] === b[0] && b[0] === c[0] && (a[1] - b[1]) * (b[1] - c[1]) > 0) || (a[1] === b[1] && b[1] === c[1] && (a[0] - b[0]) * (b[0] - c[0]) > 0);
          expect(straight, `${b} is halfway along a straight run`).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('draws a straight run as one segment', () => {
    const d = new Draw(pdfkitDocument({ size: 'A4', compress: false }));
    d.doc.addPage();
    const row: Point[] = [[10, 10], [20, 10], [30, 10], [40, 10], [40, 20], [40, 30], [30, 30]];
    expect(written(d, row)).toEqual([[10, 10], [40, 10], [40, 30], [30, 30]]);
    // turning back keeps the turn
    expect(written(d, [[10, 10], [20, 10], [15, 10]])).toEqual([[10, 10], [20, 10], [15, 10]]);
  });
});
