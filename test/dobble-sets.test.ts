import { describe, expect, it } from 'vitest';
import { setSymbols, SET_NAMES } from '../src/pdf/symbols.js';
import { symbolName } from '../src/kinds/dobble/names.js';
import { messages } from '../src/i18n/messages.js';

/** Little joining words that name nothing on their own. */
const JOINING = new Set(['and', 'of', 'the', 'a', 'an', 'with', 'in', 'on']);

/** The words a child might call a symbol by: each word of its name. */
function callWords(name: string): Set<string> {
  return new Set(name.toLowerCase().split(/[\s-]+/).filter((w) => w && !JOINING.has(w)));
}

describe('built-in symbol sets', () => {
  it('no two symbols in one set share a name or a word of their names (dog and hot dog, bear and teddy bear)', () => {
    for (const set of SET_NAMES) {
      const owner = new Map<string, string>();
      const clashes: string[] = [];
      for (const s of setSymbols(set)) {
        for (const w of callWords(s.name)) {
          const other = owner.get(w);
          if (other !== undefined && other !== s.name) clashes.push(`${set}: "${other}" and "${s.name}" (${w})`);
          owner.set(w, s.name);
        }
      }
      expect(clashes).toEqual([]);
    }
  });

  it('leaves out pictures that look like each other at card size', () => {
    const lookAlikes: [string, string][] = [
      ['hockey', 'cricket'], ['blueberries', 'grapes'], ['egg', 'potato'], ['bison', 'beaver'], ['dog', 'poodle'],
      ['tiger', 'leopard'], ['pig', 'boar'], ['octopus', 'squid'], ['crab', 'lobster'], ['doughnut', 'bagel'],
      ['glasses', 'sunglasses'], ['pencil', 'crayon'], ['tornado', 'cyclone'], ['lightning', 'storm'],
      ['crocodile', 'lizard'], ['T. rex', 'dinosaur'], ['car', 'taxi'], ['dog', 'cat'], ['camel', 'llama'],
      ['elephant', 'rhino'], ['goose', 'dodo'], ['swan', 'dove'], ['lemon', 'mango'], ['hibiscus', 'lotus'], ['ice cream', 'sundae'],
      ['cookie', 'pie'], ['television', 'computer'], ['picture', 'mirror'], ['ship', 'motorboat'], ['tennis', 'badminton'], ['guitar', 'banjo'],
    ];
    const names = new Set(setSymbols('all').map((s) => s.name));
    for (const [a, b] of lookAlikes) expect(names.has(a) && names.has(b), `${a} / ${b}`).toBe(false);
    // hard to recognise at 8 mm
    expect(names.has('olive')).toBe(false);
  });

  it('still has plenty of pictures: every set at least 25, all together at least 300', () => {
    for (const set of SET_NAMES) expect(setSymbols(set).length, set).toBeGreaterThanOrEqual(set === 'all' ? 300 : 25);
  });
});

describe('English picture names', () => {
  it('are the British words the rest of the pages use (colour, maths, lorry)', () => {
    const en = messages('en');
    const names = setSymbols('all').flatMap((s) => [s.name, symbolName(en, s)]);
    const american = ['eggplant', 'cookie', 'candy', 'flashlight', 'airplane', 'sled', 'truck', 'fries', 'sneaker', 'cart', 'couch'];
    expect(names.filter((n) => n.split(/[\s-]/).some((w) => american.includes(w)))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['aubergine', 'biscuit', 'torch', 'aeroplane', 'lorry', 'trolley']));
  });
});
