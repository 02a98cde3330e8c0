import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { runs, settled, settledTo, webSession, type WebSession } from './helpers/browser.js';

// A teacher's second review of the page: each behaviour as a teacher meets it, in Chromium.
let s: WebSession;
const dir = mkdtempSync(join(tmpdir(), 'pp-webrev-'));
writeFileSync(join(dir, 'w7.txt'), ['cat', 'dog', 'sun', 'moon', 'tree', 'fish', 'bee'].join('\n'));

beforeAll(async () => {
  s = await webSession();
}, 60_000);
afterAll(async () => s?.close());

const WORDS_BOX = 'label:has-text("Words, one on each line") + textarea';

async function answer(page: Page, code: string): Promise<string> {
  await page.fill('#code', code);
  const before = await runs(page);
  await page.click('button:has-text("Show the answer")');
  return settled(page, before);
}

/** What the page wrote to the console as errors, or threw (test/helpers/browser.ts keeps them). */
const errorsOf = (page: Page): string[] => (page as Page & { errors: string[] }).errors;

/** The first code of a run of the command line, as its JSON has it. */
function codeOf(args: string[], name: string): string {
  const cwd = mkdtempSync(join(dir, `${name}-`));
  expect(cli([...args, '--json', 'out.json', '--out', 'out.pdf'], cwd).code).toBe(0);
  const json = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as { code?: string; puzzles?: { code: string }[] };
  return json.code ?? json.puzzles![0]!.code;
}

/** One character of the code's seed part changed: a code copied wrong from the paper. */
function mistyped(code: string): string {
  const at = code.length - 3;
  return code.slice(0, at) + (code[at] === '7' ? '8' : '7') + code.slice(at + 1);
}

describe('the page after a teacher\'s second review', () => {
  it('answer from a code: the words box goes away when a mistyped or other-kind code follows a deck of own words', async () => {
    const deck = codeOf(['dobble', '--symbols', join(dir, 'w7.txt'), '--symbols-per-card', '3', '--seed', 'rev-key'], 'deck');
    const calc = codeOf(['calcudoku', '--size', '4', '--count', '1', '--seed', 'rev-key'], 'calc');
    const page = await s.page();
    await page.goto(`${s.url}?view=key`);
    expect(await answer(page, deck)).toMatch(/needs your own words/);
    expect(await page.isVisible(WORDS_BOX)).toBe(true);
    expect(await answer(page, mistyped(calc))).toMatch(/did not work/);
    expect(await page.isVisible('#code-error')).toBe(true);
    expect(await page.isVisible(WORDS_BOX)).toBe(false);
    // the deck's code again: the box is back, and so is its message
    expect(await answer(page, deck)).toMatch(/needs your own words/);
    expect(await page.isVisible(WORDS_BOX)).toBe(true);
    expect(await page.isVisible('#code-error')).toBe(false);
    // a good code of another kind while the deck's message is shown
    expect(await answer(page, calc)).toContain(calc);
    expect(await page.isVisible(WORDS_BOX)).toBe(false);
    expect(errorsOf(page)).toEqual([]);
  }, 120_000);

  it('worksheets: letters typed into a number box are said by the box, not dropped without a word', async () => {
    const page = await s.page();
    await page.goto(`${s.url}?kind=calcudoku&size=4&count=1&seed=rev-num`);
    expect(await settled(page)).toMatch(/ready/);
    let before = await runs(page);
    // Chromium keeps only the "e" of "ten" in a number box and reads it as no number at all
    await page.fill('label:text-is("Size") + input', '');
    await page.click('label:text-is("Size") + input');
    await page.keyboard.type('ten');
    await page.click('label:text-is("How many") + .row input', { clickCount: 3 });
    await page.keyboard.type('ten');
    expect(await settledTo(page, /check the 2 options marked in red/, before)).toMatch(/check the 2 options marked in red/);
    expect(await page.textContent('.field.invalid:has(label:text-is("Size")) .error')).toBe('Size must be a whole number from 3 to 12');
    expect(await page.textContent('.field.invalid:has(label:text-is("How many")) .error')).toBe('How many must be a whole number from 1 to 1000');
    expect(await page.isDisabled('button:has-text("Download PDF")')).toBe(true);
    before = await runs(page);
    await page.fill('label:text-is("Size") + input', '5');
    await page.fill('label:text-is("How many") + .row input', '2');
    expect(await settledTo(page, /ready/, before)).toMatch(/ready/);
    expect(await page.$$('.field.invalid')).toHaveLength(0);
    expect(errorsOf(page)).toEqual([]);
  }, 120_000);

  it('worksheets: several wrong options are named in the message above the pages, each a way to its field', async () => {
    for (const [w, h] of [[1280, 900], [390, 844]] as const) {
      const page = await s.page(w, h);
      await page.goto(`${s.url}?kind=calcudoku&size=99&count=5000&layout=9x9&seed=rev-sum`);
      expect(await settled(page)).toMatch(/^Please check the 3 options marked in red: Size, How many, Puzzles a page\.$/);
      const named = page.locator('.view [role=status] .status-text button');
      expect(await named.allTextContents()).toEqual(['Size', 'How many', 'Puzzles a page']);
      // the messages by the fields stay
      expect(await page.$$eval('.field.invalid .error', (els) => els.map((el) => el.textContent))).toHaveLength(3);
      // each name whole inside the message's box, on a phone too
      const box = (await page.locator('.view [role=status]').boundingBox())!;
      for (const b of await named.all()) {
        const r = (await b.boundingBox())!;
        expect(r.x, `${await b.textContent()} at ${w} px`).toBeGreaterThanOrEqual(box.x);
        expect(r.x + r.width, `${await b.textContent()} at ${w} px`).toBeLessThanOrEqual(box.x + box.width);
        // a phone's are buttons 44 px tall (web-form), still one line each
        expect(r.height, `${await b.textContent()} on one line at ${w} px`).toBeLessThan(w > 700 ? 40 : 60);
      }
      for (const [name, control] of [['Size', 'label:text-is("Size") + input'], ['Puzzles a page', 'label:text-is("Puzzles a page") + .row input'], ['How many', 'label:text-is("How many") + .row input']]) {
        await page.locator('.view [role=status]').scrollIntoViewIfNeeded();
        await named.filter({ hasText: name }).click();
        // the cursor in the field, and the field on the screen
        expect(await page.locator(control).evaluate((el) => el === document.activeElement), `${name} at ${w} px has the cursor`).toBe(true);
        await expect.poll(() => page.locator(control).evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        })).toBe(true);
      }
      expect(errorsOf(page)).toEqual([]);
      await page.context().close();
    }
  }, 120_000);

  it('dobble: a word list too short for the deck offers the fix its message names as a button that remakes the deck', async () => {
    const page = await s.page();
    await page.goto(`${s.url}?kind=dobble&seed=rev-fix`);
    expect(await settled(page)).toMatch(/ready/);
    const words = Array.from({ length: 13 }, (_, i) => `word${i + 1}`);
    let before = await runs(page);
    await page.fill(WORDS_BOX, words.join('\n'));
    expect(await settled(page, before)).toMatch(/check the option marked in red/);
    const own = page.locator('.field.invalid:has(label:text-is("Words, one on each line"))');
    expect(await own.locator('.error').textContent()).toMatch(/^Your list has 13 words but a deck of 57 cards with 8 symbols each needs 57: add 44 more, or choose 4 symbols per card/);
    const use = own.getByRole('button', { name: 'Use 4 symbols a card' });
    expect(await use.isVisible()).toBe(true);
    before = await runs(page);
    await use.click();
    expect(await settled(page, before)).toMatch(/ready/);
    expect(await page.inputValue('label:text-is("Symbols per card") + select')).toBe('4');
    // the cursor is in what the button changed, not lost with the button
    expect(await page.locator('label:text-is("Symbols per card") + select').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.$$('.field.invalid')).toHaveLength(0);
    expect(await page.isVisible('button:has-text("Use 4 symbols a card")')).toBe(false);
    expect(await page.isDisabled('button:has-text("Download PDF")')).toBe(false);
    // 20 words make no whole deck of 8 symbols a card, but two cards: both ways out are offered
    before = await runs(page);
    await page.selectOption('label:text-is("Symbols per card") + select', '8');
    await page.fill(WORDS_BOX, Array.from({ length: 20 }, (_, i) => `word${i + 1}`).join('\n'));
    expect(await settled(page, before)).toMatch(/check the option marked in red/);
    expect(await own.locator('.fixes button').allTextContents()).toEqual(['Use 4 symbols a card', 'Make 2 cards']);
    before = await runs(page);
    await own.getByRole('button', { name: 'Make 2 cards' }).click();
    expect(await settled(page, before)).toMatch(/ready/);
    expect(await page.inputValue('label:text-is("Cards") + input')).toBe('2');
    expect(errorsOf(page)).toEqual([]);
  }, 120_000);
});

describe('where the answers are, said where the answer key button would be', () => {
  it('at the back: the status counts the answer pages, the preview shows the rest, and no greyed button stands without a reason', async () => {
    const page = await s.page();
    await page.goto(`${s.url}?kind=flow&width=12&height=6&count=4&seed=rev-back&answers=back`);
    const said = /: (\d+) pages, the answers on the last (one|\d+), ready/.exec(await settled(page));
    expect(said).not.toBeNull();
    const back = said![2] === 'one' ? 1 : Number(said![2]);
    // the pager numbers the pages as their footers do: the puzzles 1 to n of the whole, the answers after them
    const total = Number(said![1]);
    expect(await page.textContent('#panel-sheet .page-nav')).toContain(`Page 1 of ${total}`);
    await page.click('#tab-key');
    await expect.poll(() => page.textContent('#panel-key .page-nav'), { timeout: 30_000 }).toContain(`Page ${total - back + 1} of ${total}`);
    await page.click('#tab-sheet');
    expect(await page.isVisible('button:has-text("Download answer key")')).toBe(false);
    expect(await page.textContent('.key-where')).toBe('The answers are at the back of this PDF.');
    // left out: said so; in its own file: the button, and nothing beside it
    const answers = page.locator('label:text-is("Answer key") + div select');
    let before = await runs(page);
    await answers.selectOption('none');
    expect(await settled(page, before)).toMatch(/: \d+ pages?, ready/);
    expect(await page.textContent('.key-where')).toMatch(/No answer key: Answer key is set to Leave out/);
    before = await runs(page);
    await answers.selectOption('separate');
    expect(await settled(page, before)).toMatch(/and \d+ pages? of answers, ready/);
    expect(await page.isEnabled('button:has-text("Download answer key")')).toBe(true);
    expect(await page.isVisible('.key-where')).toBe(false);
    expect(errorsOf(page)).toEqual([]);
  }, 120_000);

  it('a long description is cut between words in the file name', async () => {
    const page = await s.page();
    await page.goto(`${s.url}?kind=fultiples&seed=rev-name&task=primes`);
    expect(await settled(page)).toMatch(/ready/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Download PDF")')]);
    const name = download.suggestedFilename();
    expect(name).toMatch(/^fultiples-[a-z0-9-]+-rev-name\.pdf$/);
    // every word of the description part is whole: the name's words are the description's, in order
    const words = name.replace(/^fultiples-/, '').replace(/-rev-name\.pdf$/, '').split('-');
    expect(words.join('-').length).toBeLessThanOrEqual(40);
    const description = (await page.textContent('.view [role=status]'))!.toLowerCase().replace(/×/g, 'x').split(/[^a-z0-9]+/).filter(Boolean);
    for (const w of words) expect(description).toContain(w);
  }, 120_000);
});
