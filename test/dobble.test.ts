import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { Rng } from '../src/core/rng.js';
import { UserError } from '../src/core/errors.js';
import type { SectionContext } from '../src/core/kind.js';
import { field } from '../src/kinds/dobble/gf.js';
import { dobble, GUTTER_MM } from '../src/kinds/dobble/index.js';
import { MM } from '../src/pdf/draw.js';
import { RecordingDraw } from './helpers/record-draw.js';
import { layoutCard, sizeRatio } from '../src/kinds/dobble/layout.js';
import { cardStyle, checkLayout } from '../src/kinds/dobble/deck.js';
import { artOf, setSymbols, SET_NAMES } from '../src/pdf/symbols.js';
import { deckProblems, isPrimePower } from './helpers/dobble-check.js';

const opts = (raw: Record<string, unknown> = {}) => dobble.schema.parse(raw);
const gen = (raw: Record<string, unknown> = {}, seed = 'seed') => dobble.generate(opts(raw), new Rng(seed));

function userError(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error('expected a UserError');
}

describe('GF(q)', () => {
  for (const q of [2, 3, 4, 5, 7, 8, 9, 16, 25, 27]) {
    it(`GF(${q}) satisfies the field axioms`, () => {
      const f = field(q);
      const els = [...Array(q).keys()];
      // triples: all of them for small fields, a seeded sample for bigger ones
      const rng = new Rng(`gf${q}`);
      const triples: [number, number, number][] =
        q <= 9 ? els.flatMap((a) => els.flatMap((b) => els.map((c) => [a, b, c] as [number, number, number])))
          : Array.from({ length: 4000 }, () => [rng.int(0, q - 1), rng.int(0, q - 1), rng.int(0, q - 1)]);
      for (const [a, b, c] of triples) {
        expect(f.add(a, f.add(b, c))).toBe(f.add(f.add(a, b), c));
        expect(f.mul(a, f.mul(b, c))).toBe(f.mul(f.mul(a, b), c));
        expect(f.mul(a, f.add(b, c))).toBe(f.add(f.mul(a, b), f.mul(a, c)));
        expect(f.add(a, b)).toBe(f.add(b, a));
        expect(f.mul(a, b)).toBe(f.mul(b, a));
      }
      for (const a of els) {
        expect(f.add(a, 0)).toBe(a);
        expect(f.mul(a, 1)).toBe(a);
        expect(f.add(a, f.neg(a))).toBe(0);
        // every non-zero element has exactly one inverse
        if (a !== 0) expect(els.filter((b) => f.mul(a, b) === 1)).toHaveLength(1);
      }
    });
  }

  it('is not arithmetic mod q for prime powers', () => {
    // in Z/4, 2 * 2 = 0: a zero divisor, so Z/4 is not a field
    expect(field(4).mul(2, 2)).not.toBe(0);
    expect(field(9).mul(3, 3)).not.toBe(0);
    expect(field(8).add(1, 1)).toBe(0); // characteristic 2
  });
});

describe('decks', () => {
  const ks = [...Array(16).keys()].map((i) => i + 3).filter((k) => isPrimePower(k - 1));

  it('offers exactly the K from 3 to 18 with a plane', () => {
    expect(ks).toEqual([3, 4, 5, 6, 8, 9, 10, 12, 14, 17, 18]);
  });

  for (const k of ks) {
    it(`K = ${k}: every two cards share exactly one symbol`, () => {
      const deck = gen({ symbolsPerCard: k }, `k${k}`);
      const q = k - 1;
      expect(deck.cards).toHaveLength(q * q + q + 1);
      expect(deck.symbols).toHaveLength(q * q + q + 1);
      expect(deckProblems(deck.cards, k)).toEqual([]);
      // each symbol is on exactly K cards in a full deck
      const uses = new Map<number, number>();
      for (const c of deck.cards) for (const s of c) uses.set(s, (uses.get(s) ?? 0) + 1);
      expect([...uses.values()].every((n) => n === k)).toBe(true);
      expect(new Set(deck.symbols.map((s) => s.name)).size).toBe(deck.symbols.length);
      expect(dobble.check(deck)).toEqual([]);
    });
  }

  it('defaults to K = 8: 57 cards and 57 symbols', () => {
    const deck = gen();
    expect(deck.symbolsPerCard).toBe(8);
    expect(deck.cards).toHaveLength(57);
    expect(deck.symbols).toHaveLength(57);
  });

  it('prints subsets that keep the rule, such as the classic 55', () => {
    for (const n of [55, 30, 2]) {
      const deck = gen({ cards: n }, `sub${n}`);
      expect(deck.cards).toHaveLength(n);
      expect(deckProblems(deck.cards, 8)).toEqual([]);
      // the legend lists only symbols that are on some card
      expect(new Set(deck.cards.flat()).size).toBe(deck.symbols.length);
    }
  });

  it('gives the same deck for the same seed and a different one for another seed', () => {
    expect(gen({}, 'a')).toEqual(gen({}, 'a'));
    expect(gen({}, 'a').cards).not.toEqual(gen({}, 'b').cards);
  });

  it('refuses K without a plane, naming the nearest K that work', () => {
    expect(userError(() => opts({ symbolsPerCard: '7' }))).toMatch(/no deck with 7 symbols per card.*try 6 or 8/);
    expect(userError(() => opts({ symbolsPerCard: 11 }))).toMatch(/try 10 or 12/);
    expect(userError(() => opts({ symbolsPerCard: 16 }))).toMatch(/try 14 or 17/);
    expect(userError(() => opts({ symbolsPerCard: 2 }))).toMatch(/from 3 to/);
    expect(userError(() => opts({ symbolsPerCard: 'eight' }))).toMatch(/whole number/);
  });

  it('refuses more cards than the deck has, naming the maximum', () => {
    expect(userError(() => opts({ cards: 58 }))).toMatch(/from 2 to 57/);
    expect(userError(() => opts({ symbolsPerCard: 4, cards: 14 }))).toMatch(/from 2 to 13/);
  });

  it('refuses a set too small for the deck', () => {
    expect(userError(() => gen({ symbolsPerCard: 12, set: 'nature' }))).toMatch(/nature set has \d+ but .* needs 133/);
    expect(userError(() => gen({ symbolsPerCard: 24 }))).toMatch(/built-in pictures number \d+ but .* needs 553/);
  });
});

describe('symbol sets', () => {
  it('has at least 310 different built-in pictures, each with a name and real art', () => {
    const all = setSymbols('all');
    expect(all.length).toBeGreaterThanOrEqual(310);
    expect(new Set(all.map((s) => s.name)).size).toBe(all.length);
    expect(new Set(all.map((s) => (s.kind === 'icon' ? s.icon : ''))).size).toBe(all.length);
    for (const set of SET_NAMES) expect(setSymbols(set).length).toBeGreaterThan(20);
  });

  it('draws every built-in picture: shapes found, and a bounding disc of a sensible size', () => {
    for (const s of setSymbols('all')) {
      if (s.kind !== 'icon') throw new Error('built-in symbols are icons');
      const art = artOf(s);
      expect(art.content.length, s.icon).toBeGreaterThan(50);
      expect(art.bounds.r, s.icon).toBeGreaterThan(8);
      expect(art.bounds.r, s.icon).toBeLessThan(24); // half the diagonal of 32 x 32 is 22.6, plus slack
    }
  });
});

describe('card layout', () => {
  const pictures = setSymbols('all').slice(0, 40);
  for (const shape of ['round', 'square', 'hexagon'] as const) {
    it(`${shape} cards: every symbol once, sizes about 1 to 3, nothing too small`, () => {
      const rng = new Rng(`layout-${shape}`);
      for (const k of [3, 6, 8, 10, 14, 18]) {
        const style = cardStyle(pictures, k);
        for (let i = 0; i < 4; i++) {
          const ids = rng.shuffle([...Array(40).keys()]).slice(0, k);
          const layout = layoutCard(ids, shape, rng, style)!;
          expect(layout.map((p) => p.symbol).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
          const rs = layout.map((p) => p.r);
          expect(Math.max(...rs) / Math.min(...rs)).toBeLessThanOrEqual(sizeRatio(k) + 1e-9);
          // the smallest symbol stays recognisable: at least 8% of the card's half-width
          expect(Math.min(...rs)).toBeGreaterThan(0.08);
          expect(checkLayout([...ids].sort((a, b) => a - b), layout, shape, 'card', pictures)).toEqual([]);
        }
      }
    });
  }

  it('keeps words within 30 degrees of level', () => {
    const words = ['cat', 'dog', 'sun', 'hat', 'map', 'pen'].map((name) => ({ kind: 'word' as const, name }));
    const layout = layoutCard([0, 1, 2, 3, 4, 5], 'round', new Rng('w'), cardStyle(words, 6))!;
    for (const p of layout) expect(Math.abs(p.rot)).toBeLessThanOrEqual(30);
  });
});

describe('options and codes', () => {
  it('encodes to code-safe text and decodes to the same options', () => {
    const variants = [
      {},
      { symbolsPerCard: 4, cards: 10, shape: 'hexagon', outline: 'none', backs: true },
      { set: 'animals', shape: 'square', cardSize: '62.5', numbers: true, outline: 'thin' },
      { symbolsPerCard: 18, set: 'all' },
    ];
    for (const v of variants) {
      const o = opts(v);
      const text = dobble.encode(o);
      expect(text).toMatch(/^[0-9A-Za-z.]+$/);
      expect(dobble.decode(text)).toEqual(o);
    }
  });

  it('refuses garbage codes', () => {
    for (const bad of ['', 'x', '8Azz0', '7Arc0']) expect(() => dobble.decode(bad)).toThrow(UserError);
  });

  it('refuses bad shapes, outlines and card sizes', () => {
    expect(userError(() => opts({ shape: 'star' }))).toMatch(/--shape must be one of round, square, hexagon/);
    expect(userError(() => opts({ outline: 'dotted' }))).toMatch(/--outline/);
    expect(userError(() => opts({ cardSize: '20' }))).toMatch(/--card-size/);
  });
});

describe('your own symbols', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dobble-'));
  const words = (name: string, lines: string[]) => {
    const f = join(dir, name);
    writeFileSync(f, lines.join('\n') + '\n');
    return f;
  };
  const thirteen = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen'];

  it('makes a word deck from a list', () => {
    const deck = gen({ symbolsPerCard: 4, symbols: words('ok.txt', thirteen) });
    expect(deck.symbols.map((s) => s.name).sort()).toEqual([...thirteen].sort());
    expect(deck.symbols.every((s) => s.kind === 'word')).toBe(true);
    expect(deckProblems(deck.cards, 4)).toEqual([]);
    for (const l of deck.layouts) for (const p of l) expect(Math.abs(p.rot)).toBeLessThanOrEqual(30);
  });

  it('names the line of a duplicate or an empty line', () => {
    const dup = words('dup.txt', ['cat', 'dog', 'Cat']);
    expect(userError(() => gen({ symbolsPerCard: 3, symbols: dup }))).toMatch(/dup\.txt line 3 repeats "Cat" from line 1/);
    const empty = words('empty.txt', ['cat', '', 'dog']);
    expect(userError(() => gen({ symbolsPerCard: 3, symbols: empty }))).toMatch(/empty\.txt line 2 is empty/);
  });

  it('says how many symbols are needed when there are too few', () => {
    const few = words('few.txt', thirteen.slice(0, 5));
    expect(userError(() => gen({ symbolsPerCard: 3, symbols: few }))).toMatch(/has 5 words but .* needs 7: add 2 more$/);
    // and which whole deck the words do make
    const list = words('thirteen.txt', thirteen);
    expect(userError(() => gen({ symbolsPerCard: 8, symbols: list }))).toMatch(/has 13 words but .* needs 57: add 44 more, or choose 4 --symbols-per-card \(a whole deck of 13 cards from 13 words\)/);
  });

  it('prints part of a deck from a short list, choosing cards that need few symbols', () => {
    // 20 cards of a K = 8 deck can be chosen to need 50 or 51 symbols; random cards need 54 to 57
    const short = words('short.txt', Array.from({ length: 52 }, (_, i) => `word ${i + 1}`));
    for (let seed = 0; seed < 8; seed++) {
      const deck = gen({ symbols: short, cards: 20 }, `short${seed}`);
      expect(deck.cards).toHaveLength(20);
      expect(deck.symbols.length).toBeLessThanOrEqual(52);
      expect(new Set(deck.cards.flat()).size).toBe(deck.symbols.length);
      expect(deckProblems(deck.cards, 8)).toEqual([]);
    }
  });

  it('names a missing file and a damaged picture', () => {
    expect(userError(() => gen({ symbols: join(dir, 'nope.txt') }))).toMatch(/nope\.txt: no such file or folder/);
    const pics = join(dir, 'pics');
    mkdirSync(pics);
    writeFileSync(join(pics, 'a.png'), png(4, 4));
    writeFileSync(join(pics, 'b.svg'), '<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="red"/></svg>');
    writeFileSync(join(pics, 'c.png'), Buffer.concat([png(4, 4).subarray(0, 40), Buffer.from('broken')]));
    expect(userError(() => gen({ symbolsPerCard: 3, symbols: pics }))).toMatch(/c\.png is damaged/);
    writeFileSync(join(pics, 'c.png'), 'not a picture at all');
    expect(userError(() => gen({ symbolsPerCard: 3, symbols: pics }, 'x2'))).toMatch(/c\.png is not a PNG or JPEG/);
  });

  it('uses a folder of PNG and SVG pictures, and counts them', () => {
    const pics = join(dir, 'good');
    mkdirSync(pics);
    for (let i = 0; i < 6; i++) writeFileSync(join(pics, `p${i}.png`), png(3 + i, 5));
    writeFileSync(join(pics, 'star.svg'), '<svg viewBox="0 0 10 10"><path d="M5 0L6 4H10L7 6L8 10L5 7L2 10L3 6L0 4H4Z" fill="gold"/></svg>');
    const deck = gen({ symbolsPerCard: 3, symbols: pics });
    expect(deck.symbols.map((s) => s.name)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'star']);
    writeFileSync(join(pics, 'bad.svg'), '<svg viewBox="0 0 10 10"><path d="M0 0L1 1"</svg>');
    expect(userError(() => gen({ symbolsPerCard: 3, symbols: pics }))).toMatch(/bad\.svg is not an SVG picture/);
  });
});

describe('pages and JSON', () => {
  const ctx = (w: number, h: number): SectionContext => ({ paper: 'a4', slotArea: () => ({ x: 0, y: 0, w, h }) });

  it('fits as many cards as the card area holds, and refuses cards too big for the paper', () => {
    const o = opts({ backs: true });
    const items = [{ number: 1, code: 'D8Arc1-AAAAAAAA', model: dobble.generate(o, new Rng('p')) }];
    const secs = dobble.sections(o, items, ctx(510, 740));
    const cards = secs.find((s) => s.template === 'cards')!;
    expect(cards.grid).toEqual({ cols: 2, rows: 3 }); // 85 mm = 241 pt
    expect(cards.slots).toHaveLength(57);
    expect(cards.backs).toHaveLength(57);
    const legend = secs.find((s) => s.template === 'sheet')!;
    expect(legend.slots).toHaveLength(57);
    expect(legend.instructions).toMatch(/Fluent Emoji Flat.*MIT/);
    // Letter is shorter: the default card shrinks to keep six a page; a size asked for is kept
    expect(dobble.sections(o, items, { ...ctx(527, 695), paper: 'letter' })[0]!.grid).toEqual({ cols: 2, rows: 3 });
    expect(dobble.sections(opts({ cardSize: 85 }), items, { ...ctx(527, 695), paper: 'letter' })[0]!.grid).toEqual({ cols: 2, rows: 2 });
    const big = opts({ cardSize: 180 });
    expect(userError(() => dobble.sections(big, items, ctx(510, 740)))).toMatch(/--card-size 180 mm does not fit on A4 paper: at most 176 mm/);
  });

  it('fits the cards to a layout the teacher asks for, so cut lines never cross', () => {
    const o = opts();
    const items = [{ number: 1, code: 'D8Arc0-AAAAAAAA', model: dobble.generate(o, new Rng('p')) }];
    const gutter = GUTTER_MM * MM;
    for (const [cols, rows] of [[3, 3], [2, 2], [3, 4], [4, 5]] as const) {
      const cards = dobble.sections(o, items, { ...ctx(510, 740), grid: { cols, rows } }).find((s) => s.template === 'cards')!;
      expect(cards.grid).toEqual({ cols, rows });
      const slot = { x: 0, y: 0, w: 510 / cols, h: 740 / rows };
      const d = new RecordingDraw();
      cards.slots[0]!.draw(d, slot);
      const edge = d.circles[0]!; // the card's outline is drawn first
      expect(2 * edge.r + gutter, `${cols}x${rows}`).toBeLessThanOrEqual(Math.min(slot.w, slot.h) + 0.01);
      expect(2 * edge.r, `${cols}x${rows}: as big as the slot allows`).toBeGreaterThan(Math.min(slot.w, slot.h) - gutter - 2 * MM);
    }
    expect(userError(() => dobble.sections(opts({ cardSize: 80 }), items, { ...ctx(510, 740), grid: { cols: 3, rows: 3 } }))).toMatch(/--card-size 80 mm does not fit --layout 3x3: at most 56 mm/);
    expect(userError(() => dobble.sections(o, items, { ...ctx(510, 740), grid: { cols: 8, rows: 8 } }))).toMatch(/--layout 8x8 leaves room for cards of only \d+ mm/);
  });

  it('lists the symbols numbered from 1, names at a readable size', () => {
    const o = opts();
    const items = [{ number: 1, code: 'D8Arc0-AAAAAAAA', model: dobble.generate(o, new Rng('p')) }];
    const legend = dobble.sections(o, items, ctx(510, 740)).find((s) => s.grid.rows === 20)!;
    const row = { x: 0, y: 0, w: 160, h: 20 }; // a row of the 3 x 20 page
    const d = new RecordingDraw();
    legend.slots[0]!.draw(d, row);
    legend.slots[56]!.draw(d, row);
    expect(d.texts.map((t) => t.text)).toEqual([items[0]!.model.symbols[0]!.name, '1', items[0]!.model.symbols[56]!.name, '57']);
    expect(Math.min(d.texts[0]!.size, d.texts[2]!.size)).toBeGreaterThanOrEqual(10.5);
  });

  it('writes the JSON the issue asks for', () => {
    const o = opts();
    const model = dobble.generate(o, new Rng('j'));
    const json = dobble.json(o, [{ number: 1, code: 'D8Arc0-AAAAAAAA', model }]) as {
      kind: string; symbolsPerCard: number; symbols: { id: number; name: string }[]; cards: number[][]; code: string;
    };
    expect(json.kind).toBe('dobble');
    expect(json.symbolsPerCard).toBe(8);
    expect(json.symbols[0]).toEqual({ id: 0, name: model.symbols[0]!.name });
    expect(json.cards).toHaveLength(57);
    expect(deckProblems(json.cards, 8)).toEqual([]);
    expect(json.code).toBe('D8Arc0-AAAAAAAA');
  });
});

/** A tiny valid RGB PNG, built by hand so the test needs no image library. */
function png(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Buffer.concat(Array.from({ length: h }, (_, y) => Buffer.from([0, ...Array.from({ length: w * 3 }, (_, i) => (i * 40 + y * 20) & 255)])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}
