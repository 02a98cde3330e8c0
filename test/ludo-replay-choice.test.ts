import { describe, expect, it } from 'vitest';
import { ludo } from '../src/kinds/ludo/index.js';
import type { LudoOptions } from '../src/kinds/ludo/options.js';
import type { LudoModel } from '../src/kinds/ludo/model.js';
import { generateItems } from '../src/run.js';

const HOME = 120;

describe('ludo replay: "which step of the plan chose it?"', () => {
  it('is asked only of a move where the player had a choice: two markers in play on different squares', () => {
    let asked = 0;
    for (let s = 0; s < 60; s++) {
      const o = ludo.schema.parse({ worksheet: 'replay', printables: 'none' }) as LudoOptions;
      const [it] = generateItems(ludo, o, `choice-${s}`, 1);
      const r = (it!.model as LudoModel).replay!;
      // the board before each move, followed from the table's start: a marker moves to its "to",
      // and an opponent's marker on that square (not home) goes back to 1
      const pos = [...r.start];
      const before: number[][] = [];
      for (const m of r.moves) {
        before.push([...pos]);
        if (m.marker < 0) continue;
        pos[m.player * 4 + m.marker] = m.to;
        if (m.to !== HOME) for (let k = 0; k < 4; k++) if (pos[(1 - m.player) * 4 + k] === m.to) pos[(1 - m.player) * 4 + k] = 1;
      }
      for (const q of r.questions) {
        if (q.type !== 'rule') continue;
        const m = r.moves[q.move]!;
        const mine = before[q.move]!.slice(m.player * 4, m.player * 4 + 4).filter((p) => p !== HOME);
        expect(new Set(mine).size, `seed ${s}, move ${r.firstMove + q.move}: ${mine.join(',')}`).toBeGreaterThanOrEqual(2);
        asked++;
      }
    }
    expect(asked).toBeGreaterThan(60);
  });
});
