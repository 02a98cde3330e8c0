import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePlan } from '../src/batch/plan-file.js';
import { classListText, planPupils, pupilFileNames, readClassList } from '../src/batch/roster.js';
import { bookletOrder, mergePdfs, parsePdf } from '../src/batch/merge.js';
import { planJsonSchema } from '../src/batch/schema.js';
import { Roles } from '../src/batch/roles.js';
import { BatchTasks, plainData, type GenerateResult, type PupilResult } from '../src/batch/tasks.js';
import { UserError } from '../src/core/errors.js';
import { KINDS } from '../src/kinds/index.js';
import { Templates } from '../src/layout/templates.js';
import { documentPages, generateItems, kindPart } from '../src/run.js';
import { renderToBuffer } from '../src/pdf/render.js';
import { fultiples } from '../src/kinds/fultiples/index.js';

const PLAN = `title: Week 3 puzzles
seed: week3
paper: a4
worksheets:
  - kind: fultiples
    task: multiples:7
    count: 2
  - kind: flow
    size: 8
    count: 4
`;

function planError(text: string, file = 'week3.yaml'): string {
  try {
    parsePlan(text, file);
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error('the plan was accepted');
}

describe('plan files', () => {
  it('accept the plan of the issue and fill in defaults', () => {
    const plan = parsePlan(PLAN, 'week3.yaml');
    expect(plan.title).toBe('Week 3 puzzles');
    expect(plan.roster).toBeNull();
    expect(plan.worksheets.map((w) => [w.kind, w.count])).toEqual([['fultiples', 2], ['flow', 4]]);
    expect(plan.worksheets[0]!.input).toEqual({ task: ['multiples:7'] });
  });

  it('accept JSON, and the command-line spelling of options', () => {
    const json = JSON.stringify({ title: 'J', worksheets: [{ kind: 'fultiples', 'wild-chance': 5, count: 1 }, { kind: 'flow' }] }, null, 2);
    const plan = parsePlan(json, 'plan.json');
    expect(plan.worksheets[0]!.input).toEqual({ wildChance: '5' });
    expect(plan.worksheets[1]!.count).toBe(KINDS.find((k) => k.name === 'flow')!.defaultCount);
  });

  it('name the file, the line and the field of every mistake, and say what is allowed', () => {
    const cases: [string, string, RegExp][] = [
      ['size: 8', 'size: 30', /^week3\.yaml:9: worksheets\[1\].size: .*5 to 20.*30/],
      ['size: 8', 'dificulty: hard', /^week3\.yaml:9: worksheets\[1\]: unknown field 'dificulty'.*did you mean 'difficulty'\?/],
      ['kind: flow', 'kind: flw', /^week3\.yaml:8: worksheets\[1\]\.kind: unknown kind "flw": the kinds are .*flow.*did you mean 'flow'\?/],
      ['paper: a4', 'papr: a4', /^week3\.yaml:3: unknown field 'papr'; did you mean 'paper'\?/],
      ['paper: a4', 'paper: a5', /^week3\.yaml:3: paper: must be a4 or letter \(got "a5"\)/],
      ['count: 4', 'count: 0', /^week3\.yaml:10: worksheets\[1\]\.count: must be a whole number from 1 to 1000 \(got 0\)/],
      ['count: 4', 'layout: 9x9', /^week3\.yaml:10: worksheets\[1\]\.layout: must be columns x rows/],
      ['multiples:7', 'multiples:x', /^week3\.yaml:6: worksheets\[0\]\.task: .*multiples:7 \(shade/],
      ['size: 8', 'size: [8', /^week3\.yaml:\d+: the plan is not valid YAML or JSON/],
      ['  - kind: flow\n    size: 8\n', '  - size: 8\n', /^week3\.yaml:8: worksheets\[1\]: needs a kind: one of /],
    ];
    for (const [from, to, pattern] of cases) {
      expect(PLAN).toContain(from);
      expect(planError(PLAN.replace(from, to))).toMatch(pattern);
    }
    expect(planError('title: x\n')).toMatch(/^week3\.yaml:1: worksheets: is required/);
    expect(planError('- a\n- b\n')).toMatch(/must be a set of fields/);
  });

  it('read the roster beside the plan and refuse empty, blank or repeated names', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-plan-'));
    writeFileSync(join(dir, 'class.csv'), 'name\nAva\n"Smith, Ben"\nZoë\n');
    const plan = parsePlan(`roster: class.csv\n${PLAN}`, join(dir, 'week3.yaml'));
    expect(plan.roster).toEqual(['Ava', 'Smith, Ben', 'Zoë']);
    expect(planError(`roster: nope.csv\n${PLAN}`, join(dir, 'week3.yaml'))).toMatch(/week3\.yaml:1: roster: nope\.csv does not exist/);
  });

  it('take the class list in the plan itself (pupils:), naming the plan\'s line of a repeated name', () => {
    expect(parsePlan(`pupils:\n  - Ava\n  - 'Smith, Ben'\n  - 7\n${PLAN}`, 'week3.yaml').roster).toEqual(['Ava', 'Smith, Ben', '7']);
    expect(planError(`pupils:\n  - Ava\n  - Ben\n  - ava\n${PLAN}`)).toMatch(/^week3\.yaml:4: pupils\[2\]: "ava" is already on line 2; every name must be different/);
    expect(planError(`pupils: []\n${PLAN}`)).toMatch(/^week3\.yaml:1: pupils: must list at least one name/);
    // each listed name is a pupil: none is taken for a header, none dropped
    expect(parsePlan(`pupils:\n  - Name\n  - 'First name,Class'\n${PLAN}`, 'week3.yaml').roster).toEqual(['Name', 'First name,Class']);
    expect(planError(`pupils:\n  - Ava\n  - ''\n${PLAN}`)).toMatch(/^week3\.yaml:3: pupils\[1\]: a name in the class list is blank/);
    expect(planError(`roster: class.csv\npupils: [Ava]\n${PLAN}`)).toMatch(/^week3\.yaml:2: give the class list once/);
  });
});

describe('rosters', () => {
  it('take one name a line with an optional header', () => {
    expect(readClassList('Ava\nBen\n', 'c.csv').names).toEqual(['Ava', 'Ben']);
    expect(readClassList('Name\r\nAva\r\n', 'c.csv').names).toEqual(['Ava']);
    // a one-column list whose names hold commas is still a name a line
    expect(readClassList('Smith, Ava\nJones, Ben\n', 'c.csv').names).toEqual(['Smith, Ava', 'Jones, Ben']);
  });

  it('take a list written on one line, as pasted from an e-mail or a spreadsheet row', () => {
    expect(readClassList('Ava, Ben, Chloé, Dan, Emma\n', 'c.csv').names).toEqual(['Ava', 'Ben', 'Chloé', 'Dan', 'Emma']);
    expect(readClassList('Ava; Ben', 'c.csv').names).toEqual(['Ava', 'Ben']);
    expect(readClassList('Ava\tBen\tChloe', 'c.csv').names).toEqual(['Ava', 'Ben', 'Chloe']);
    expect(readClassList('Ava, Ben, Chloe,', 'c.csv').names).toEqual(['Ava', 'Ben', 'Chloe']);
    // one pupil written "last name, first name" stays one pupil; so does one plain name
    expect(readClassList('Smith, Ava', 'c.csv').names).toEqual(['Smith, Ava']);
    expect(readClassList('Ava Smith\n', 'c.csv').names).toEqual(['Ava Smith']);
    // first and last names pasted from two spreadsheet columns without headings
    expect(readClassList('Ava\tSmith\nBen\tJones\n', 'c.csv').names).toEqual(['Ava Smith', 'Ben Jones']);
    // a spreadsheet's own file, or any other that is not text, says how to make a list of it
    expect(() => readClassList('PK\u0003\u0004\u0014\u0000\u0006\u0000[Content_Types].xml', 'class.xlsx')).toThrow(/^class\.xlsx is a spreadsheet file, not a list; .*Save As .*CSV/);
    expect(() => readClassList('\u00d0\u00cf\u0011\u00e0\u00a1\u00b1', 'class.xls')).toThrow(/is a spreadsheet file/);
    expect(() => readClassList('\u0089PNG\r\n\u001a\n\u0000', 'photo.png')).toThrow(/^photo\.png is not a text file/);
    expect(() => readClassList('Ava, Ben, ava', 'c.csv')).toThrow(/^c\.csv:1: "ava" is already/);
    expect(() => readClassList('Ava, , Ben', 'c.csv')).toThrow(/^c\.csv:1: a name in the class list is blank/);
  });

  it('take the name columns of a spreadsheet\'s export, leaving the other columns out', () => {
    expect(readClassList('Name,Class\nZoe Brown,4M\n"Smith, Ava",4M\n', 'c.csv').names).toEqual(['Zoe Brown', 'Smith, Ava']);
    expect(readClassList('Forename,Surname,Class\r\nZoe,Brown,4M\r\nBen,Ng,4M\r\n', 'c.csv').names).toEqual(['Zoe Brown', 'Ben Ng']);
    expect(readClassList('Class;First name;Last name\n4M;Zoë;Brown\n', 'c.csv').names).toEqual(['Zoë Brown']);
    // pasted from a spreadsheet: tabs
    expect(readClassList('Pupil name\tClass\nAva\t4M\nBen\t4M\n', 'c.csv').names).toEqual(['Ava', 'Ben']);
    expect(readClassList('First name,Class\nAva,4M\n', 'c.csv').names).toEqual(['Ava']);
    expect(() => readClassList('Name,Class\nAva,4M\n,4M\n', 'c.csv')).toThrow(/^c\.csv:3: a name in the class list is blank/);
  });

  it("take each pupil's class from a class column, and let two classes share a name", () => {
    const list = readClassList('Name,Class\nAva,5B\nSam Lee,5B\nSam Lee,6A\n"Smith, Ben",\n', 'c.csv');
    expect(list).toEqual({ names: ['Ava', 'Sam Lee', 'Sam Lee', 'Smith, Ben'], classes: ['5B', '5B', '6A', ''] });
    // a school export's headings, in other columns' company
    expect(readClassList('UPN;Forename;Surname;Reg Group\n1;Zoë;Brown;7 X\n', 'c.csv')).toEqual({ names: ['Zoë Brown'], classes: ['7 X'] });
    expect(readClassList('Pupil name\tForm\nAva\t4M\n', 'c.csv').classes).toEqual(['4M']);
    // no class column, or one left empty: no classes
    expect(readClassList('Ava\nBen\n', 'c.csv').classes).toBeNull();
    expect(readClassList('Name,Class\nAva,\nBen,\n', 'c.csv').classes).toBeNull();
    // one class still takes a name once, and says in which class it was
    expect(() => readClassList('Name,Class\nAva,5B\nava,5B\n', 'c.csv')).toThrow(/^c\.csv:3: "ava" is already on line 2 in class 5B/);
    expect(() => readClassList(`Name,Class\nAva,${'x'.repeat(41)}\n`, 'c.csv')).toThrow(/^c\.csv:2: the class "x{20}\.\.\." is longer than 40/);
    // the shared name's files are told apart by the class, the others keep their names
    expect(pupilFileNames(list.names, [], list.classes)).toEqual(['Ava.pdf', 'Sam-Lee-5B.pdf', 'Sam-Lee-6A.pdf', 'Smith,-Ben.pdf']);
  });

  it("go into a plan and back (the web page's Save these settings) with their classes", () => {
    const list = readClassList('Name,Class\nAva,5B\n"Smith, Ben",6A\nCy,\n', 'c.csv');
    const pupils = planPupils(list);
    expect(pupils).toEqual([{ name: 'Ava', class: '5B' }, { name: 'Smith, Ben', class: '6A' }, 'Cy']);
    expect(readClassList(classListText(pupils), 'c.csv')).toEqual(list);
    expect(classListText(['Ava', 'Ben'])).toBe('Ava\nBen');
  });

  it('name the file and line of a blank line or a repeated name', () => {
    expect(() => readClassList('', 'c.csv')).toThrow(/^c\.csv: the class list is empty/);
    expect(() => readClassList('name\n', 'c.csv')).toThrow(/^c\.csv: the class list is empty/);
    expect(() => readClassList('Ava\nBen\nava\n', 'c.csv')).toThrow(/^c\.csv:3: "ava" is already on line 1/);
    // a blank line counts as a line of the file: the repeated name is still named by its own line
    expect(() => readClassList('Ava\n\nBen\nava\n', 'c.csv')).toThrow(/^c\.csv:4: "ava" is already on line 1/);
    expect(() => readClassList('\n  \n', 'c.csv')).toThrow(/^c\.csv: the class list is empty/);
  });

  it('leave out blank lines, as a list pasted from an e-mail or a document has them', () => {
    expect(readClassList('Ava\n\nBen\n  \n\nChloe\n', 'c.csv').names).toEqual(['Ava', 'Ben', 'Chloe']);
    expect(readClassList('\nName,Class\nAva,4M\n,\n\nBen,4M\n', 'c.csv').names).toEqual(['Ava', 'Ben']);
    expect(readClassList('\n\nAva, Ben, Chloe\n\n', 'c.csv').names).toEqual(['Ava', 'Ben', 'Chloe']);
  });

  it('take a first line naming the one column for a heading, not a pupil', () => {
    for (const heading of ['Name', 'Pupil name', 'Pupil Name:', 'Student', 'Students', 'Names', 'First name', 'Surname', 'pupil_name', 'Full name'])
      expect(readClassList(`${heading}\nAva\nBen\n`, 'c.csv').names, heading).toEqual(['Ava', 'Ben']);
    // first name and surname in two columns, pasted from a spreadsheet or saved as CSV
    expect(readClassList('First name\tSurname\nAva\tSmith\nBen\tJones\n', 'c.csv').names).toEqual(['Ava Smith', 'Ben Jones']);
    expect(readClassList('First name,Surname\nAva,Smith\n', 'c.csv').names).toEqual(['Ava Smith']);
    // a name like one is still a name when it is not the first line
    expect(readClassList('Ava\nStudent\n', 'c.csv').names).toEqual(['Ava', 'Student']);
  });

  it('give every pupil a safe file name, no two alike even ignoring case', () => {
    const names = ['Ava', 'AVA B', 'ava-b', 'Zoë', 'Zoe', '../etc', '***', 'answer-key'];
    const files = pupilFileNames(names, ['answer-key.pdf', 'manifest.json']);
    expect(new Set(files.map((f) => f.toLowerCase())).size).toBe(names.length);
    for (const f of files) expect(f).not.toMatch(/[<>:"/\\|?*]|^[.-]/);
    expect(files).not.toContain('answer-key.pdf');
    expect(files.slice(0, 5)).toEqual(['Ava.pdf', 'AVA-B.pdf', 'ava-b-2.pdf', 'Zoë.pdf', 'Zoe.pdf']);
    expect(files[5]).toBe('etc.pdf');
    expect(files[6]).toBe('pupil.pdf');
  });

  it('keep every name in its own script, composed (NFC), one file for one name however it was typed', () => {
    const names = ['Αλέξανδρος', 'Дмитрий', 'محمد علي', 'נועה', '李小龙', 'さくら', '김민준', 'अर्जुन', 'สมชาย', 'Zoe\u0308'];
    const files = pupilFileNames(names);
    expect(files).toEqual(['Αλέξανδρος.pdf', 'Дмитрий.pdf', 'محمد-علي.pdf', 'נועה.pdf', '李小龙.pdf', 'さくら.pdf', '김민준.pdf', 'अर्जुन.pdf', 'สมชาย.pdf', 'Zoë.pdf']);
    expect(files[9]).toBe('Zo\u00eb.pdf'); // composed: one code point for ë
    // the same name typed composed and decomposed is one name, so the second is numbered
    expect(pupilFileNames(['Zo\u00eb', 'Zoe\u0308'])).toEqual(['Zoë.pdf', 'Zoë-2.pdf']);
  });

  it('make Windows device names, trailing dots and spaces, and direction marks safe', () => {
    const files = pupilFileNames(['CON', 'nul.txt', 'Com1', 'lpt9', 'Connor', 'Amy.', 'Ben  ', '\u202eevil', 'a/b\\c:d']);
    expect(files).toEqual(['CON_.pdf', 'nul_.txt.pdf', 'Com1_.pdf', 'lpt9_.pdf', 'Connor.pdf', 'Amy.pdf', 'Ben.pdf', 'evil.pdf', 'abcd.pdf']);
    // clashes numbered as before
    expect(pupilFileNames(['李小龙', '李小龙 ', '李小龙.'])).toEqual(['李小龙.pdf', '李小龙-2.pdf', '李小龙-3.pdf']);
  });
});

describe('booklet order', () => {
  it('folds into a booklet that reads page 1, 2, 3 ... in order', () => {
    for (let n = 1; n <= 41; n++) {
      const sides = bookletOrder(n);
      const m = Math.max(4, Math.ceil(n / 4) * 4);
      expect(sides).toHaveLength(m / 2);
      // Read a folded stack as a person would: the right half of each front then the left half of
      // its back going in, then the right half of each back and the left of each front coming out.
      const sheets = sides.length / 2;
      const reading: (number | null)[] = [];
      for (let k = 0; k < sheets; k++) reading.push(sides[2 * k]![1]!, sides[2 * k + 1]![0]!);
      for (let k = sheets - 1; k >= 0; k--) reading.push(sides[2 * k + 1]![1]!, sides[2 * k]![0]!);
      expect(reading).toEqual(Array.from({ length: m }, (_, i) => (i < n ? i : null)));
    }
  });
});

describe('joining PDF stretches', () => {
  async function stretch(seed: string, pupil: string): Promise<Buffer> {
    const templates = new Templates();
    const o = fultiples.schema.parse({ task: ['multiples:7'] });
    const part = kindPart(fultiples, o, generateItems(fultiples, o, seed, 1), { paper: 'a4', pupil }, templates);
    return Buffer.from(await renderToBuffer(documentPages([part], 'back').main, { paper: 'a4', templates, meta: { title: 'x', subject: 'y', keywords: 'z' } }));
  }

  it('keeps every page, gives each stretch its own font names and one outline', async () => {
    const a = await stretch('a', 'Set 3 0 R');
    const b = await stretch('b', 'Ben');
    const merged = mergePdfs([a, b], { meta: { title: 'Both', subject: 's', keywords: 'k' }, bookmarks: [{ path: ['A', 'x'], page: 0 }, { path: ['B'], page: 3 }] });
    const parsed = parsePdf(merged);
    expect(parsed.pages).toHaveLength(parsePdf(a).pages.length + parsePdf(b).pages.length);
    const text = Buffer.from(merged).toString('latin1');
    const tags = [...text.matchAll(/\/FontName \/([A-Z]{6})\+/g)].map((m) => m[1]);
    expect(tags.length).toBe(4);
    expect(new Set(tags).size).toBe(tags.length);
    expect(text.match(/\/Type \/Outlines/g)).toHaveLength(1);
    expect(text.match(/\/Type \/Catalog/g)).toHaveLength(1);
    // Every reference points at an object that exists.
    for (const m of text.matchAll(/(\d+) 0 R\b/g)) expect(parsed.objects.has(Number(m[1])), m[0]).toBe(true);
  });

  it('imposes two pages a landscape sheet', async () => {
    const a = await stretch('a', 'Ava');
    const merged = mergePdfs([a], { meta: { title: 'B', subject: 's', keywords: 'k' }, bookmarks: [], impose: { sheet: { w: 841.89, h: 595.28 }, order: bookletOrder(3) } });
    const text = Buffer.from(merged).toString('latin1');
    expect(parsePdf(merged).pages).toHaveLength(2);
    expect(text.match(/\/Subtype \/Form/g)).toHaveLength(3);
    expect(text).toContain('/MediaBox [0 0 841.89 595.28]');
  });
});

describe('plan schema', () => {
  it('offers one worksheet shape per kind, with every option', () => {
    const schema = planJsonSchema() as { properties: { worksheets: { items: { oneOf: { properties: Record<string, unknown> }[] } } } };
    const shapes = schema.properties.worksheets.items.oneOf;
    expect(shapes).toHaveLength(KINDS.length);
    KINDS.forEach((k, i) => {
      for (const o of k.options) expect(shapes[i]!.properties).toHaveProperty(o.key);
    });
  });
});

describe('splitting a class between workers', () => {
  it('sends only models that survive structured cloning unchanged', () => {
    const model = { cells: new Uint8Array([1, 2]), cages: [{ cells: [0, 1], op: '+' }], seen: new Map([['a', new Set([1])]]), none: null };
    expect(plainData(model)).toBe(true);
    expect(structuredClone(model)).toEqual(model);
    class Cage {
      size(): number {
        return 1;
      }
    }
    expect(plainData({ cages: [new Cage()] })).toBe(false);
    expect(plainData({ draw: () => 1 })).toBe(false);
  });

  it('keeps the generator off drawing and the drawers off generating until the other side holds the run back', () => {
    const roles = new Roles(2, 30);
    expect(roles.mayGenerate(0) && roles.mayDraw(1)).toBe(true);
    expect(roles.mayGenerate(1) || roles.mayDraw(0)).toBe(false); // nothing measured yet
    roles.generated(40);
    roles.drawn(60);
    expect(roles.mayGenerate(1)).toBe(false); // one drawer keeps pace with the generator
    expect(roles.mayDraw(0)).toBe(false); // 29 x 60 ms left is less than starting to draw cold
    for (let i = 0; i < 5; i++) roles.generated(300);
    expect(roles.mayGenerate(1)).toBe(true);
    for (let i = 0; i < 5; i++) roles.drawn(400);
    expect(roles.mayGenerate(1)).toBe(false);
    expect(roles.mayDraw(0)).toBe(true); // 24 x 400 ms of drawing left for one drawer
  });

  it('draws the same pupil PDF from puzzles generated on another thread', async () => {
    const plan = parsePlan(PLAN, 'week3.yaml');
    const setup = { plan: { ...plan, roster: ['Ava', 'Ben'] }, seed: 'week3', booklet: false };
    const generator = new BatchTasks(setup);
    const { items } = (await generator.run({ type: 'generate', pupil: 1 })) as GenerateResult;
    expect(items).not.toBeNull();
    const apart = (await new BatchTasks(setup).run({ type: 'pupil', pupil: 1, items: structuredClone(items!) })) as PupilResult;
    const whole = (await new BatchTasks(setup).run({ type: 'pupil', pupil: 1 })) as PupilResult;
    expect(apart.codes).toEqual(whole.codes);
    expect(Buffer.from(apart.pdf).equals(Buffer.from(whole.pdf))).toBe(true);
    // the puzzles handed over are the ones drawn, not generated again
    const other = (await generator.run({ type: 'generate', pupil: 0 })) as GenerateResult;
    const swapped = (await new BatchTasks(setup).run({ type: 'pupil', pupil: 1, items: other.items! })) as PupilResult;
    expect(swapped.codes).toEqual(other.items!.map((ws) => ws.map((it) => it.code)));
    expect(swapped.codes).not.toEqual(whole.codes);
  });
});
