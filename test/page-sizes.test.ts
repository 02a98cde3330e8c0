import { describe, expect, it } from 'vitest';
import { KINDS } from '../src/kinds/index.js';
import { languages, messages } from '../src/i18n/messages.js';

describe('sizes on pages', () => {
  it('are written with the multiplication sign, as Fultiples wrote 10\u00d710 and Calcudoku and Flow wrote 8x8, in every language', () => {
    for (const kind of KINDS) {
      const o = kind.schema.parse({});
      for (const lang of languages()) {
        const line = kind.describe(o, messages(lang));
        expect(line, `${kind.name} ${lang}`).not.toMatch(/\d\s*x\s*\d/);
      }
    }
    // the kinds with a size say it
    for (const name of ['calcudoku', 'flow', 'fultiples']) {
      const kind = KINDS.find((k) => k.name === name)!;
      expect(kind.describe(kind.schema.parse({}), messages()), name).toMatch(/\d+\u00d7\d+/);
    }
  });
});
