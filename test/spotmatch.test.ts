import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { UserError } from '../src/core/errors.js';
import { spotMatch } from '../src/kinds/spotmatch/index.js';
import { deckProblems } from './helpers/dobble-check.js';
import { makeCode, puzzleSeed } from '../src/core/code.js';
import { fromCode, generateItems } from '../src/run.js';
import type { Item } from '../src/core/kind.js';
import type { SpotMatch } from '../src/kinds/spotmatch/index.js';

const opts = (raw: Record<string, unknown> = {}) => spotMatch.schema.parse(raw);

describe('spot the match', () => {
  it('shows two cards that share exactly the one symbol the answer circles', () => {
    for (const k of [3, 6, 8]) {
      const o = opts({ symbolsPerCard: k });
      for (let i = 0; i < 15; i++) {
        const m = spotMatch.generate(o, new Rng(`s${k}-${i}`));
        const common = m.a.filter((s) => m.b.includes(s));
        expect(common).toEqual([m.shared]);
        expect(m.cardA).not.toBe(m.cardB);
        expect(deckProblems([m.a, m.b], k)).toEqual([]);
        expect(spotMatch.check(m)).toEqual([]);
      }
    }
  });

  it('defaults to 6 symbols a card and is deterministic per seed', () => {
    const o = opts();
    expect(o.symbolsPerCard).toBe(6);
    expect(spotMatch.generate(o, new Rng('x'))).toEqual(spotMatch.generate(o, new Rng('x')));
  });

  it('catches a pair whose shared symbol is wrong', () => {
    const m = spotMatch.generate(opts(), new Rng('bad'));
    const other = m.a.find((s) => s !== m.shared)!;
    expect(spotMatch.check({ ...m, shared: other })).not.toEqual([]);
  });

  it('writes the deck once and each exercise as [cardA, cardB, shared]', () => {
    const o = opts();
    const items = [0, 1, 2].map((i) => ({ number: i + 1, code: `S6A-AAAAAAA${i}`, model: spotMatch.generate(o, new Rng(`j${i}`)) }));
    const json = spotMatch.json(o, items) as { kind: string; cards: number[][]; symbols: { id: number; name: string }[]; pairs: number[][] };
    expect(json.kind).toBe('spot-match');
    expect(json.cards).toHaveLength(31);
    expect(json.symbols).toHaveLength(31);
    expect(deckProblems(json.cards, 6)).toEqual([]);
    for (const [a, b, shared] of json.pairs) {
      expect(json.cards[a!]!.filter((s) => json.cards[b!]!.includes(s))).toEqual([shared]);
    }
  });

  it('round-trips its code and refuses K without a plane', () => {
    const o = opts({ symbolsPerCard: 8, set: 'food' });
    expect(spotMatch.decode(spotMatch.encode(o))).toEqual(o);
    expect(() => opts({ symbolsPerCard: 7 })).toThrow(UserError);
    expect(() => spotMatch.decode('7A')).toThrow(UserError);
  });
});

/** The one symbol two cards share, found from the cards alone. */
const sharedOf = (m: SpotMatch) => m.a.filter((s) => m.b.includes(s));

describe("a set's answers", () => {
  it('differ from exercise to exercise on a sheet of six, over many seeds', () => {
    const o = opts();
    for (let s = 0; s < 60; s++) {
      const answers = generateItems(spotMatch, o, `sheet-${s}`, 6).map((it) => sharedOf(it.model));
      expect(answers.every((a) => a.length === 1)).toBe(true);
      expect(new Set(answers.map((a) => a[0])).size, `seed sheet-${s}`).toBe(6);
    }
  });

  it('do not come back within four exercises when a small deck has only 7 pictures', () => {
    const o = opts({ symbolsPerCard: 3 });
    for (let s = 0; s < 10; s++) {
      const answers = generateItems(spotMatch, o, `small-${s}`, 24).map((it) => sharedOf(it.model)[0]);
      for (let i = 0; i + 4 <= answers.length; i++) expect(new Set(answers.slice(i, i + 4)).size, `seed small-${s} at ${i}`).toBe(4);
    }
  });

  it('keep every code able to make its own exercise again', () => {
    const o = opts({ symbolsPerCard: 8 });
    const items = generateItems(spotMatch, o, 'codes', 12);
    for (const it of items) expect(fromCode(it.code).item.model).toEqual(it.model);
    // an exercise made at the first try keeps the code it always had
    expect(items[0]!.code).toBe(makeCode(spotMatch.letter, spotMatch.encode(o), puzzleSeed('codes', spotMatch.name, 0)));
  });

  it('are the same whether a set is made at once or one exercise at a time', () => {
    const o = opts({ symbolsPerCard: 4 });
    const whole = generateItems(spotMatch, o, 'split', 10);
    const one: Item<SpotMatch>[] = [];
    for (let i = 0; i < 10; i++) one.push(...generateItems(spotMatch, o, 'split', 1, i, one));
    expect(one.map((it) => it.code)).toEqual(whole.map((it) => it.code));
  });
});
