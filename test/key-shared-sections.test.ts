import { describe, expect, it } from 'vitest';
import type { Kind, Section } from '../src/core/kind.js';
import { KINDS } from '../src/kinds/index.js';
import { generateItems, sectionContext, Templates } from '../src/run.js';
import { halfPage } from '../src/batch/parts.js';
import { RecordingDraw } from './helpers/record-draw.js';

/**
 * A class key prints a section the kind calls shared once for the whole class. That is only right
 * if it truly draws the same whatever the puzzles; and an answer section that draws the same for
 * every pupil but is not called shared would fill the key with copies. Each kind's answer sections
 * are drawn for two different sets of puzzles and what was drawn is compared.
 */

const templates = new Templates();
const BOX = { x: 40, y: 60, w: 515, h: 700 };

/** Everything a section's slots draw, as text to compare. */
function drawn(s: Section): string {
  const d = new RecordingDraw();
  for (const slot of s.slots) slot.draw(d, BOX);
  return JSON.stringify([d.texts.map((t) => [t.text, t.size, t.left, t.box]), d.lines, d.rects, d.circles, d.polygons]);
}

const OPTIONS: Record<string, Record<string, unknown>[]> = {
  fultiples: [{ task: ['multiples:7', 'chain:4'] }],
  ludo: [{}, { board: 'annotated' }],
};

const answerSections = (kind: Kind, raw: Record<string, unknown>, seed: string, how: 'normal' | 'large' | 'booklet'): Section[] => {
  const o = kind.schema.parse(raw);
  const ctx = sectionContext('a4', templates, undefined, false, 'en', how === 'large', how === 'booklet' ? halfPage('a4') : undefined);
  return kind.sections(o, generateItems(kind, o, seed, 1), ctx).filter((s) => s.answers);
};

describe('answer sections shared by a class', () => {
  for (const kind of KINDS) {
    for (const raw of OPTIONS[kind.name] ?? [{}]) {
      it(`${kind.name} ${JSON.stringify(raw)}: a shared section draws the same for any puzzles, another does not`, () => {
        for (const how of ['normal', 'large', 'booklet'] as const) {
          const one = answerSections(kind, raw, 'one', how);
          const two = answerSections(kind, raw, 'two', how);
          expect(two.map((s) => [s.title, !!s.shared])).toEqual(one.map((s) => [s.title, !!s.shared]));
          one.forEach((s, i) => {
            const same = drawn(s) === drawn(two[i]!);
            expect(same, `${how}: ${s.title} ${s.shared ? 'is called shared but differs' : 'draws the same for other puzzles but is not called shared'}`).toBe(!!s.shared);
          });
        }
      }, 60_000);
    }
  }
  it('Ludo has a shared section (the teacher\'s board), so this test compares something', () => {
    const ludo = KINDS.find((k) => k.name === 'ludo')!;
    expect(answerSections(ludo, {}, 'one', 'normal').filter((s) => s.shared).map((s) => s.title)).toEqual(["Teacher's board"]);
  });
});
