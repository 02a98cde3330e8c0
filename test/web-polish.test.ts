import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { afterChange, fileSession } from './helpers/browser.js';

// What a teacher-style review of the page found: each behaviour as a teacher meets it, in Chromium.
const s = fileSession();
const dir = mkdtempSync(join(tmpdir(), 'pp-webpol-'));

const WORDS_BOX = 'label:has-text("Words, one on each line") + textarea';

async function answer(page: Page, code: string): Promise<string> {
  await page.fill('#code', code);
  return afterChange(page, () => page.click('button:has-text("Show the answer")'));
}

/** Each file box shown, as wide as it is with room to spare (its button and "No file chosen" whole) or not. */
async function squeezedFileBoxes(page: Page): Promise<string[]> {
  return page.$$eval('input[type=file]', (els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .flatMap((el) => {
        const free = document.createElement('div');
        free.style.cssText = 'position:absolute;left:0;top:0;width:max-content';
        free.append(el.cloneNode());
        document.body.append(free);
        const wants = free.getBoundingClientRect().width;
        free.remove();
        const has = el.getBoundingClientRect().width;
        return has + 0.5 < wants ? [`${el.id || el.getAttribute('aria-label')}: ${Math.round(has)} of ${Math.round(wants)} px`] : [];
      }),
  );
}

describe('the page after a teacher-style review', () => {
  it('hides the words box once a code of another kind is answered, and keeps the words for the deck\'s code', async () => {
    const cwd = mkdtempSync(join(dir, 'key-'));
    const words = ['cat', 'dog', 'sun', 'moon', 'tree', 'fish', 'bee'];
    writeFileSync(join(cwd, 'words.txt'), words.join('\n'));
    expect(cli(['dobble', '--symbols', 'words.txt', '--symbols-per-card', '3', '--seed', 'pol-key', '--json', 'deck.json', '--out', 'deck.pdf'], cwd).code).toBe(0);
    expect(cli(['calcudoku', '--size', '4', '--count', '1', '--seed', 'pol-key', '--json', 'calc.json', '--out', 'calc.pdf'], cwd).code).toBe(0);
    const deck = (JSON.parse(readFileSync(join(cwd, 'deck.json'), 'utf8')) as { code: string }).code;
    const calc = (JSON.parse(readFileSync(join(cwd, 'calc.json'), 'utf8')) as { puzzles: { code: string }[] }).puzzles[0]!.code;
    const page = await s.open('?view=key');
    expect(await answer(page, deck)).toMatch(/needs your own words/);
    await page.fill(WORDS_BOX, words.join('\n'));
    expect(await answer(page, deck)).toContain(deck);
    expect(await page.isVisible(WORDS_BOX)).toBe(true);
    expect(await answer(page, calc)).toContain(calc);
    expect(await page.isVisible(WORDS_BOX)).toBe(false);
    // the deck's code again: answered at once with the words kept, which are shown again beside it
    expect(await answer(page, deck)).toContain(deck);
    expect(await page.isVisible(WORDS_BOX)).toBe(true);
    expect(await page.inputValue(WORDS_BOX)).toBe(words.join('\n'));
  }, 120_000);

  it('says by the Font field that a font file is needed, and makes nothing in another font, until one is chosen', async () => {
    const { page, status } = await s.made('?kind=calcudoku&size=4&count=1&seed=pol-font');
    expect(status).toMatch(/ready/);
    expect(await afterChange(page, () => page.selectOption('label:has-text("Font") + .row select', 'own'))).toMatch(/check the option marked in red/);
    expect(await page.textContent('.field.invalid:has(label:text-is("Font")) .error')).toMatch(/^Choose your font file \(\.ttf or \.otf\)/);
    expect(await page.isDisabled('button:has-text("Download PDF")')).toBe(true);
    expect(await afterChange(page, () => page.setInputFiles('input[type=file][accept*=ttf]', { name: 'MyFont.ttf', mimeType: 'font/ttf', buffer: readFileSync('fonts/Andika-Bold.ttf') }))).toMatch(/ready/);
    expect(await page.$$('.field.invalid')).toHaveLength(0);
    expect(await page.isDisabled('button:has-text("Download PDF")')).toBe(false);
  }, 120_000);

  it('marks every wrong Fultiples field at once, not only the first', async () => {
    const { page, status } = await s.made('?kind=fultiples&seed=pol&primes=2,4&scalars=1-5&size=99&wildChance=50');
    expect(status).toMatch(/Please check the 4 options marked in red/);
    const marked = await page.$$eval('.field.invalid > label', (els) => els.map((el) => el.textContent));
    expect(marked).toEqual(['Primes', 'Multipliers', 'Size', 'Wild squares']);
  }, 120_000);

  it('shows every file box whole, on a phone, a tablet and a computer', async () => {
    for (const [w, h] of [[390, 844], [820, 1180], [1280, 900]] as const) {
      const page = await s.open('?view=class', w, h);
      await page.waitForSelector('#plan-file');
      expect(await squeezedFileBoxes(page), `class set at ${w}x${h}`).toEqual([]);
      await page.goto(`${s.url}?kind=dobble&seed=pol`);
      await page.selectOption('label:has-text("Font") + .row select', 'own');
      expect(await page.isVisible('input[type=file][accept*=ttf]')).toBe(true);
      expect(await squeezedFileBoxes(page), `worksheets at ${w}x${h}`).toEqual([]);
      await page.context().close();
    }
  }, 120_000);

  it('says what Calcudoku and large print are in plain words, without trade names or printers\' points', async () => {
    const { page } = await s.made('?kind=calcudoku&size=4&count=1&seed=pol-words&largePrint=true');
    const sheet = (await page.textContent('main'))!;
    expect(sheet).toContain('Large print leaves the worked example out'); // the note under Example is shown
    expect(sheet).not.toMatch(/KenKen|\d\s*pt\b/);
    await page.goto(`${s.url}?view=class`);
    await page.waitForSelector('#large-print');
    expect(await page.textContent('main')).not.toMatch(/KenKen|\d\s*pt\b/);
  }, 120_000);
});
