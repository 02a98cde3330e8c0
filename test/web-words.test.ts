import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runs, settled, webSession, type WebSession } from './helpers/browser.js';

// What the page says to wrong input, in the page's voice: what would work, not the typed value
// quoted back, option names or the program's field names. The command line keeps its own lines.
let s: WebSession;

beforeAll(async () => {
  s = await webSession();
}, 60_000);
afterAll(async () => s?.close());

/** Quoted values, flags, "(got ...)", "not "x"", a field of the program's ('colour'). */
const PROGRAM = /"|'|--[a-z]|\(got|\bnot "|\bnone\b/;

describe('the page\'s messages for wrong input', () => {
  it('says on Worksheets what would work, not the typed value', async () => {
    const page = await s.page();
    const cases: [string, string[]][] = [
      ['kind=flow&size=0&width=99', ['Size must be a whole number from 5 to 20', 'Width must be a whole number from 5 to 20']],
      ['kind=flow&colors=zzz', ['Colours must be one number, or the fewest and most lines with a dash between, such as 6-8']],
      [
        'kind=fultiples&size=0&scalars=zzz&wildChance=-3&primes=2,zzz',
        [
          'Primes: zzz is not a prime; give primes such as 2,3,5,7 (1 and 0 are not primes)',
          'Multipliers must be written like 2-20',
          'Size must be a whole number from 5 to 15',
          'Wild squares must be a percent from 0 to 20, with at most one decimal',
        ],
      ],
      ['kind=fultiples&task=zzz', ['Worksheets on the board: “zzz” is not a worksheet; add one with a + button']],
      ['kind=ludo&worksheet=none&printables=none', ['Tick at least one worksheet or game page: there would be nothing to print']],
      ['kind=calcudoku&size=50&ops=q', ['Size must be a whole number from 3 to 12', 'Signs may only use + - x /']],
    ];
    for (const [q, want] of cases) {
      await page.goto(`${s.url}?${q}&seed=words`);
      expect(await settled(page)).toMatch(/check the .*marked in red/);
      const said = await page.$$eval('form .field .error:not([hidden])', (els) => els.map((e) => e.textContent!));
      expect(said, q).toEqual(want);
      for (const m of said) expect(m, q).not.toMatch(PROGRAM);
    }
  }, 120_000);

  it('says what to write in a saved settings file, without the program\'s quotes and field names', async () => {
    const page = await s.page();
    const base = 'title: Week\npaper: a4\nworksheets:\n  - kind: calcudoku\n    size: 5\n  - kind: flow\n    size: 8\n';
    const cases: [string, string][] = [
      [base.replace('paper: a4', 'booklet: maybe'), 'Line 2 of w.yaml: Booklet must be true or false'],
      [base.replace('paper: a4', 'large-print: yes'), 'Line 2 of w.yaml: Large print must be true or false'],
      [base.replace('paper: a4', 'lang: fre'), 'Line 2 of w.yaml: Language must be one of ar, de, en, es, fr, it, nl, pl, pt or zh; did you mean fr?'],
      [base.replace('paper: a4', 'font: comic'), 'Line 2 of w.yaml: Font must be one of andika, lexend or atkinson-hyperlegible'],
      [base.replace('paper: a4', 'colour: red'), 'Line 2 of w.yaml: There is no setting called colour'],
      [base.replace('    size: 8', '    sise: 8'), 'Line 7 of w.yaml: There is no setting called sise for this worksheet; did you mean size?'],
      [base.replace('kind: flow', 'kind: sudoku'), 'Line 6 of w.yaml: There is no kind of worksheet called sudoku: the kinds are calcudoku, flow, dobble, spot-match, fultiples and ludo'],
      ['title: Week\n', 'Line 1 of w.yaml: The file lists no worksheets'],
    ];
    for (const [text, want] of cases) {
      await page.goto(`${s.url}?view=class`);
      await page.waitForSelector('#plan-file');
      await page.setInputFiles('#plan-file', { name: 'w.yaml', mimeType: 'application/yaml', buffer: Buffer.from(text) });
      await page.waitForSelector('#plan-error:not([hidden])');
      const said = (await page.textContent('#plan-error'))!;
      expect(said, text).toMatch(/^w\.yaml was not opened: .*\. Line/);
      expect(said.replace(/^.*?\. (?=Line)/, ''), text).toBe(want);
      expect(said, text).not.toMatch(PROGRAM);
    }
  }, 120_000);

  it('says a puzzle that could not be made in a teacher\'s words, and offers a setting that works', async () => {
    const page = await s.page();
    // Flow: too few lines for the grid; the usual number for it is offered as a button
    await page.goto(`${s.url}?kind=flow&size=5&colors=2&count=1&seed=words`);
    expect(await settled(page)).toMatch(/check the option marked in red/);
    const colours = page.locator('.field.invalid:has(label:text-is("Colours"))');
    expect(await colours.locator('.error').textContent()).toBe('No puzzle like this could be made: try a wider range of colours');
    let before = await runs(page);
    await colours.getByRole('button', { name: 'Set colours to 4-5' }).click();
    expect(await settled(page, before)).toMatch(/ready/);
    expect(await page.inputValue('label:text-is("Colours") + input')).toBe('4-5');
    expect(await page.$$('.field.invalid')).toHaveLength(0);
    // Fultiples: a board of big numbers on which no number has a partner
    const primes = '2,3,5,7,11,13,17,19,23,29,31,37,41,43,47,53,59,61,67,71,73,79,83,89,97';
    await page.goto(`${s.url}?kind=fultiples&size=5&primes=${primes}&scalars=90-100&wildChance=0&count=1&seed=words`);
    expect(await settled(page)).toMatch(/check the option marked in red/);
    const said = await page.$$eval('form .field .error:not([hidden])', (els) => els.map((e) => e.textContent!));
    expect(said).toEqual(['No board like this could be made: try a bigger size, fewer primes, smaller multipliers or untick “Every number playable”']);
    for (const m of said) expect(m).not.toMatch(PROGRAM);
    expect(said[0]).not.toMatch(/tries|\d{3}/);
    before = await runs(page);
    await page.getByRole('button', { name: 'Untick every number playable' }).click();
    expect(await settled(page, before)).toMatch(/ready/);
    expect(await page.isChecked('label:text-is("Every number playable") >> xpath=preceding-sibling::input')).toBe(false);
  }, 120_000);

  it('says so in a class set too, by the worksheet\'s field, with the same button', async () => {
    const page = await s.page();
    await page.goto(`${s.url}?view=class`);
    await page.fill('#roster', 'Ava\nBen\n');
    const flow = page.locator('.sheet-plan').nth(1);
    await flow.getByLabel('Size', { exact: true }).fill('5');
    await flow.getByLabel('Colours', { exact: true }).fill('2');
    await page.click('button:has-text("Make the class set")');
    expect(await settled(page)).toBe('Please check the worksheet marked in red.');
    const colours = flow.locator('.field.invalid:has(label:text-is("Colours"))');
    expect(await colours.locator('.error').textContent()).toBe('No puzzle like this could be made: try a wider range of colours');
    await colours.getByRole('button', { name: 'Set colours to 4-5' }).click();
    expect(await flow.getByLabel('Colours', { exact: true }).inputValue()).toBe('4-5');
  }, 120_000);
});
