import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { afterChange, fileSession, pageErrors, runs, settled, settledTo, slowFetch } from './helpers/browser.js';
import { dir, downloadNames, downloadOf, pdfPages, pdfText, WORDS_BOX } from './helpers/web-files.js';

// The built page (npm run web:build, part of npm test) driven in Debian's Chromium.
const s = fileSession();


const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's findings on the page as it is now: id and the first offending element of each. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const r = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe.run();
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  });
  return found;
}



function cliFiles(args: string[]): { pdf: Buffer; answers?: Buffer; json: string } {
  const out = mkdtempSync(join(dir, 'cli-'));
  const r = cli([...args, '--out', join(out, 'x.pdf'), '--json', join(out, 'x.json')]);
  expect(r.code, r.stderr).toBe(0);
  let answers: Buffer | undefined;
  try {
    answers = readFileSync(join(out, 'x-answers.pdf'));
  } catch {
    answers = undefined;
  }
  return { pdf: readFileSync(join(out, 'x.pdf')), answers, json: readFileSync(join(out, 'x.json'), 'utf8') };
}

/** A grey PNG of `width` x `height`, written here (no picture library): signature, IHDR, IDAT, IEND. */
function greyPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const head = Buffer.alloc(13);
  head.writeUInt32BE(width, 0);
  head.writeUInt32BE(height, 4);
  head[8] = 8; // bits
  head[9] = 0; // grey
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // no filter
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', head), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** Width and height of each picture in a PDF, as pdfimages lists them. */
function pdfPictures(pdf: Buffer): [number, number][] {
  const f = join(dir, `i${Math.random()}.pdf`);
  writeFileSync(f, pdf);
  return execFileSync('pdfimages', ['-list', f], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((l) => /\bimage\b/.test(l))
    .map((l) => l.trim().split(/\s+/).slice(3, 5).map(Number) as [number, number]);
}


describe('the web page', () => {
  it('makes a Calcudoku sheet with the same puzzles, JSON and PDF bytes as the command line', async () => {
    const { page, status } = await s.made('?view=sheet&kind=calcudoku&size=6&difficulty=hard&count=8&seed=demo&answers=separate');
    // the answers counted in pages, as the puzzles are ("and 1 of answers" read as one answer)
    expect(status).toMatch(/: \d+ pages and \d+ pages? of answers, ready in /);
    const pdf = await downloadOf(page, 'Download PDF');
    const key = await downloadOf(page, 'Download answer key');
    const json = (await downloadOf(page, 'Download data')).toString('utf8');
    const ref = cliFiles(['calcudoku', '--size', '6', '--difficulty', 'hard', '--count', '8', '--seed', 'demo', '--answers', 'separate']);
    // named for what they are, then the puzzle set
    expect(downloadNames.slice(-3)).toEqual(['calcudoku-6x6-hard-demo.pdf', 'calcudoku-6x6-hard-demo-answers.pdf', 'calcudoku-6x6-hard-demo.json']);
    expect(json).toBe(ref.json);
    expect(pdf.equals(ref.pdf)).toBe(true);
    expect(key.equals(ref.answers!)).toBe(true);
    const codes = (JSON.parse(json) as { puzzles: { code: string }[] }).puzzles.map((p) => p.code);
    const text = pdfText(pdf);
    for (const c of codes) expect(text).toContain(c);
    expect(pdfPages(key)).toBeGreaterThan(0);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('prints a title in Arabic and Chinese and a sheet in Lexend, fetching those fonts when asked, as the command line does', async () => {
    const title = 'ألغاز الحساب 数学';
    const { page, status } = await s.made(`?view=sheet&kind=calcudoku&size=4&count=2&seed=demo&answers=back&font=lexend&title=${encodeURIComponent(title)}`);
    expect(status).toMatch(/ready/);
    const pdf = await downloadOf(page, 'Download PDF');
    const ref = cliFiles(['calcudoku', '--size', '4', '--count', '2', '--seed', 'demo', '--font', 'lexend', '--title', title]);
    expect(pdf.equals(ref.pdf)).toBe(true);
    const text = pdfText(pdf).replace(/[\u202a-\u202e]/g, '');
    for (const word of title.split(' ')) expect(text).toContain(word);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('prints emoji in a title, fetching their font, as the command line does', async () => {
    const title = 'Week 3 ⭐ 👩‍🏫 👍🏽';
    const { page, status } = await s.made(`?view=sheet&kind=calcudoku&size=4&count=2&seed=demo&title=${encodeURIComponent(title)}`);
    expect(status).toMatch(/ready/);
    const pdf = await downloadOf(page, 'Download PDF');
    const ref = cliFiles(['calcudoku', '--size', '4', '--count', '2', '--seed', 'demo', '--title', title]);
    expect(pdf.equals(ref.pdf)).toBe(true);
    expect(pdfText(pdf)).toContain(title);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('says so when a font it needs cannot be fetched, instead of waiting for ever', async () => {
    const page = await s.page();
    await page.route(/fonts\/.*(vazirmatn|noto)/i, (r) => r.abort());
    await page.goto(`${s.url}?view=sheet&kind=calcudoku&size=4&count=2&seed=demo&title=${encodeURIComponent('ألغاز 数学')}`);
    expect(await settled(page)).toMatch(/could not be fetched/);
    expect(await page.isDisabled('button:has-text("Download PDF")')).toBe(true);
    expect(await page.textContent('body')).not.toMatch(/at \w+ \(|Error:/);
  }, 120_000);
  it('makes a Flow sheet the same as the command line, and previews its answer key', async () => {
    const page = await s.open();
    await page.click('label[for=kind-flow]');
    await page.fill('label:has-text("Size") + input', '7');
    await page.fill('label:has-text("How many") + div input', '4');
    await page.fill('label:has-text("Puzzle set") + div input', 'web');
    await settled(page);
    expect(await afterChange(page, () => page.selectOption('label:has-text("Answer key") + div select', 'back'))).toMatch(/ready/);
    expect(page.url()).toContain('kind=flow');
    const pdf = await downloadOf(page, 'Download PDF');
    const json = (await downloadOf(page, 'Download data')).toString('utf8');
    const ref = cliFiles(['flow', '--size', '7', '--count', '4', '--seed', 'web']);
    expect(json).toBe(ref.json);
    expect(pdf.equals(ref.pdf)).toBe(true);
    await page.click('role=tab[name="Answer key"]');
    expect(await page.textContent('#panel-key')).toMatch(/at the back/);
    expect(await page.isVisible('#panel-key canvas')).toBe(true);
    // the address reproduces the sheet
    const again = await s.page();
    await again.goto(page.url());
    expect(await settled(again)).toMatch(/ready/);
    expect((await downloadOf(again, 'Download PDF')).equals(pdf)).toBe(true);
  }, 120_000);

  it('builds a Dobble deck from a typed word list, as the command line does from the same file', async () => {
    const { page } = await s.made('?kind=dobble&symbolsPerCard=4&seed=words&answers=back');
    const words = ['cat', 'dog', 'sun', 'moon', 'tree', 'fish', 'bird', 'star', 'ship', 'cake', 'kite', 'boat', 'frog'];
    expect(await afterChange(page, () => page.fill('label:has-text("Words, one on each line") + textarea', words.join('\n')))).toMatch(/ready/);
    const pdf = await downloadOf(page, 'Download PDF');
    const cwd = mkdtempSync(join(dir, 'words-'));
    writeFileSync(join(cwd, 'words.txt'), words.join('\n'));
    const r = cli(['dobble', '--symbols', 'words.txt', '--symbols-per-card', '4', '--seed', 'words', '--out', 'deck.pdf'], cwd);
    expect(r.code, r.stderr).toBe(0);
    expect(pdf.equals(readFileSync(join(cwd, 'deck.pdf')))).toBe(true);
    const text = pdfText(pdf);
    for (const w of words) expect(text).toContain(w);
    // every word is used: nothing to say; two more than the deck takes are said to be left out
    expect(await page.isVisible('.own .note')).toBe(false);
    await page.fill('label:has-text("Words, one on each line") + textarea', [...words, 'milk', 'bell'].join('\n'));
    expect(await page.textContent('.own .note')).toBe('A deck with 4 symbols a card uses 13 of your 15 words, chosen at random: 2 are left out. With 5 symbols a card, 21 words are used: add 6 more.');
    await page.selectOption('label:has-text("Symbols per card") + select', '5');
    expect(await page.isVisible('.own .note')).toBe(false);
  }, 120_000);

  it('reads words typed on one line between commas as a word list, as the command line reads such a file', async () => {
    const { page } = await s.made('?kind=dobble&symbolsPerCard=3&seed=commas');
    const words = ['cat', 'dog', 'hen', 'cow', 'pig', 'fox', 'owl'];
    expect(await afterChange(page, () => page.fill(WORDS_BOX, words.join(', ')))).toMatch(/^Dobble · 7 cards · 3 symbols a card: .*ready/);
    const pdf = await downloadOf(page, 'Download PDF');
    const cwd = mkdtempSync(join(dir, 'commas-'));
    writeFileSync(join(cwd, 'words.txt'), `${words.join(', ')}\n`);
    const r = cli(['dobble', '--symbols', 'words.txt', '--symbols-per-card', '3', '--seed', 'commas', '--out', 'deck.pdf'], cwd);
    expect(r.code, r.stderr).toBe(0);
    expect(pdf.equals(readFileSync(join(cwd, 'deck.pdf')))).toBe(true);
    const text = pdfText(pdf);
    for (const w of words) expect(text).toMatch(new RegExp(`\\b${w}\\b`));
    expect(text).not.toContain('cat, dog');
    // a mistake in such a list is told by its place in the list, not by a line
    expect(await afterChange(page, () => page.fill(WORDS_BOX, 'cat, dog, cat, cow, pig, fox, owl, bee'))).toMatch(/marked in red/);
    expect(await page.textContent('.invalid .error:not([hidden])')).toBe('Word 3 of your list repeats "cat" from word 1: every symbol must be different');
    // more words than the deck takes: counted as the deck counts them
    expect(await afterChange(page, () => page.fill(WORDS_BOX, 'cat; dog; hen; cow; pig; fox; owl; bee; ant'))).toMatch(/ready/);
    expect(await page.textContent('.own .note')).toMatch(/^A deck with 3 symbols a card uses 7 of your 9 words/);
  }, 120_000);

  it('says how many of the chosen pictures a deck leaves out, as it does for words', async () => {
    const { page } = await s.made('?kind=dobble&symbolsPerCard=3&seed=pics9');
    const pictures = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => ({ name: `pet${i}.png`, mimeType: 'image/png', buffer: greyPng(8 + i, 8 + i) }));
    expect(await afterChange(page, () => page.setInputFiles('input[type=file][accept*=png]', pictures))).toMatch(/^Dobble · 7 cards/);
    expect(await page.textContent('.own .note')).toBe('A deck with 3 symbols a card uses 7 of your 9 pictures, chosen at random: 2 are left out. With 4 symbols a card, 13 pictures are used: add 4 more.');
    await page.selectOption('label:has-text("Symbols per card") + select', '4');
    expect(await page.isVisible('.own .note')).toBe(false);
  }, 120_000);

  it('marks a repeated word under the word list, by its line, not by a file the teacher never made', async () => {
    const { page } = await s.made('?kind=dobble&symbolsPerCard=3&seed=words2');
    expect(await afterChange(page, () => page.fill('label:has-text("Words, one on each line") + textarea', 'cat\ncat\ndog\nsun\nmoon\ntree\nfish'))).toMatch(/check the option marked in red/);
    const shown = await page.$$eval('.invalid .error:not([hidden])', (els) => els.map((el) => el.textContent));
    expect(shown).toEqual(['Line 2 of your words repeats "cat" from line 1: every symbol must be different']);
    expect(await page.textContent('body')).not.toMatch(/words\.txt/);
    // too few words: what the words make, without a file name
    const again = await runs(page);
    await page.fill('label:has-text("Words, one on each line") + textarea', 'cat\ndog\nsun\nmoon\ntree\nfish\nbee\nowl');
    await page.selectOption('label:has-text("Symbols per card") + select', '4');
    expect(await settledTo(page, /marked in red/, again)).toMatch(/marked in red/);
    expect(await page.textContent('.invalid .error:not([hidden])')).toMatch(/^Your list has 8 words but .* needs 13: add 5 more, or choose 3 /);
    expect(await page.textContent('body')).not.toMatch(/words\.txt/);
  }, 120_000);

  it('explains a bad value next to its field in the command line words, naming fields by their labels, and offers nothing to download', async () => {
    const { page } = await s.made('?kind=calcudoku&seed=bad');
    expect(await afterChange(page, () => page.fill('label:has-text("Size") + input', '99'))).toMatch(/check the option/);
    const r = cli(['calcudoku', '--size', '99']);
    const message = r.stderr.replace(/^puzzlepress: /, '').trim();
    expect(message).toMatch(/^--size /);
    // the value is in the box beside it: no "(got "99")" in a program's voice
    expect(message).toMatch(/ \(got "99"\)$/);
    expect(await page.textContent('.field.invalid .error')).toBe(message.replace(/^--size /, 'Size ').replace(' (got "99")', ''));
    expect(await page.isDisabled('button:has-text("Download PDF")')).toBe(true);
    expect(await page.textContent('body')).not.toMatch(/at \w+ \(|Error:/); // no stack trace
    // a message with no field of its own is the status line's sentence, with its capital letter
    await page.goto(`${s.url}?kind=flow&size=14&largePrint=true&seed=bad`);
    expect(await settled(page)).toMatch(/^Large print: a 14x14 puzzle does not fit on a page with its numbers in large print/);
  }, 120_000);

  it('marks every wrong field at once, each with the command line words for it', async () => {
    // from the address, so one run sees all three (typing them would start a run after each)
    const { page, status } = await s.made('?kind=calcudoku&seed=bad&count=0&ops=q&size=99');
    expect(status).toMatch(/check the 3 options/);
    const shown = await page.$$eval('.field.invalid', (els) => els.map((el) => [el.querySelector('label')?.textContent, el.querySelector('.error')?.textContent]));
    const expected = [
      ['How many', ['--count', '0']],
      ['Size', ['--size', '99']],
      ['Signs', ['--ops', 'q']],
    ] as const;
    expect(shown.map(([label]) => label).sort()).toEqual(expected.map(([label]) => label).sort());
    for (const [label, args] of expected) {
      const r = cli(['calcudoku', ...args]);
      const message = r.stderr.replace(/^puzzlepress: /, '').trim();
      expect(shown.find(([l]) => l === label)?.[1]).toBe(message.replace(/^--[a-z-]+ /, `${label} `).replace(/ \(got [^)]*\)$/, ''));
    }
    // the command line still says one thing: the first
    const all = cli(['calcudoku', '--count', '0', '--ops', 'q', '--size', '99']);
    expect(all.code).toBe(2);
    expect(all.stderr.trim().split('\n')).toHaveLength(1);
    expect(await page.isDisabled('button:has-text("Download PDF")')).toBe(true);
  }, 120_000);

  it('keeps a choice\'s default when a link names one the form lacks, and makes the sheet', async () => {
    const { page, status } = await s.made('?kind=calcudoku&size=4&count=1&seed=link&difficulty=extreme&paper=a3&lang=xx');
    expect(status).not.toMatch(/check the option/);
    expect(await page.$$('.field.invalid')).toHaveLength(0);
    expect(await page.getByLabel('Difficulty', { exact: true }).inputValue()).toBe('medium');
    expect(await page.getByLabel('Paper', { exact: true }).inputValue()).toBe('a4');
    expect(await page.getByLabel('Language', { exact: true }).inputValue()).toBe('en');
    expect(await page.isDisabled('button:has-text("Download PDF")')).toBe(false);
  }, 120_000);

  it('says what each kind is under its name, without the name again', async () => {
    const { page } = await s.made();
    const cards = await page.$$eval('.kind label', (els) => els.map((el) => [el.querySelector('strong')!.textContent!, el.querySelector('span')!.textContent!]));
    expect(cards.length).toBeGreaterThanOrEqual(6);
    for (const [title, text] of cards) {
      expect(text.toLowerCase().startsWith(title.toLowerCase()), `${title}: ${text}`).toBe(false);
      expect(text[0]).toBe(text[0]!.toUpperCase());
    }
  }, 120_000);

  it('offers Puzzles a page only for kinds it lays out (not a Ludo set, whose pages are one each)', async () => {
    const { page, status } = await s.made('?kind=ludo&seed=lay&layout=2x2');
    expect(status).toMatch(/ready/);
    expect(await page.isVisible('label:has-text("Puzzles a page")')).toBe(false);
    const pdf = await downloadOf(page, 'Download PDF');
    const cwd = mkdtempSync(join(dir, 'lay-'));
    expect(cli(['ludo', '--seed', 'lay', '--out', 'l.pdf'], cwd).code).toBe(0);
    expect(pdf.equals(readFileSync(join(cwd, 'l.pdf')))).toBe(true);
    await page.check('#kind-calcudoku');
    expect(await page.isVisible('label:has-text("Puzzles a page")')).toBe(true);
  }, 120_000);

  it('adds a Fultiples worksheet from a button in a teacher\'s words, its number in a box, as --task does', async () => {
    const { page } = await s.made('?kind=fultiples&seed=tasks');
    let before = await runs(page);
    await page.click('button:has-text("+ Shade the multiples of 7")');
    const box = page.locator('.sentences li input[aria-label="Shade the multiples of …: the number"]');
    expect(await box.inputValue()).toBe('7');
    // the cursor is in the number's box, for the teacher to change it
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await settled(page, before)).toMatch(/ready/);
    before = await runs(page);
    await box.fill('3');
    expect(await settled(page, before)).toMatch(/ready/);
    expect(new URL(page.url()).searchParams.get('task')).toBe('multiples:3');
    const pdf = await downloadOf(page, 'Download PDF');
    const cwd = mkdtempSync(join(dir, 'task-'));
    expect(cli(['fultiples', '--seed', 'tasks', '--task', 'multiples:3', '--out', 'f.pdf'], cwd).code).toBe(0);
    expect(pdf.equals(readFileSync(join(cwd, 'f.pdf')))).toBe(true);
    await page.screenshot({ path: join(dir, 'fultiples-tasks.png'), fullPage: false });
  }, 120_000);

  it('says a Fultiples worksheet\'s mistake in its own words, by its row, and takes it away with Remove', async () => {
    // a link with two worksheets and a line no button makes (typed into the address by hand)
    const { page, status } = await s.made('?kind=fultiples&seed=rows&task=next:12|multiples:11|shade:9');
    expect(status).toMatch(/marked in red/);
    const rows = page.locator('.sentences li');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).locator('input').inputValue()).toBe('12');
    const error = () => page.locator('.sentences-field .error').textContent();
    expect(await error()).toMatch(/“shade:9” is not a worksheet/);
    const wrong = () => page.$$eval('.sentences li', (lis) => lis.map((li, i) => (li.classList.contains('wrong') ? i : -1)).filter((i) => i >= 0));
    expect(await wrong()).toEqual([2]);
    let before = await runs(page);
    await page.click('.sentences li:has(code) button:has-text("Remove")');
    expect(await settled(page, before)).toMatch(/marked in red/);
    // the line is said as its sentence, never as the program's multiples:11, and only its row is red
    expect(await error()).toMatch(/^“Shade the multiples of 11”: 11 is not one of the board's primes/);
    expect(await error()).not.toMatch(/multiples:|--task/);
    expect(await wrong()).toEqual([1]);
    before = await runs(page);
    await rows.nth(1).locator('button:has-text("Remove")').click();
    expect(await settled(page, before)).toMatch(/ready/);
    expect(await wrong()).toEqual([]);
    expect(new URL(page.url()).searchParams.get('task')).toBe('next:12');
    // an emptied box is said by the list before anything is made
    before = await runs(page);
    await rows.nth(0).locator('input').fill('');
    expect(await settled(page, before)).toMatch(/marked in red/);
    expect(await page.locator('.sentences-field .error').textContent()).toBe('Write a whole number in “Find the next move after …”');
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('never downloads the last options\' file while the new one is being made', async () => {
    const { page, status } = await s.made('?kind=calcudoku&size=4&count=2&seed=stale');
    expect(status).toMatch(/ready/);
    const before = await runs(page);
    await page.fill('label:has-text("Size") + input', '9');
    // at once, before the new job has even started: the files shown are the 4x4's
    expect(await page.isDisabled('button:has-text("Download PDF")')).toBe(true);
    expect(await page.isDisabled('button:has-text("Download data")')).toBe(true);
    expect(await page.$('#panel-sheet.stale')).not.toBeNull();
    expect(await settled(page, before)).toMatch(/ready/);
    expect(await page.$('#panel-sheet.stale')).toBeNull();
    await downloadOf(page, 'Download PDF');
    expect(downloadNames[downloadNames.length - 1]).toMatch(/^calcudoku-9x9-/);
    // the answer from a code: the last code's answer cannot be downloaded as this code's
    await page.goto(`${s.url}?view=key`);
    const codes = cliFiles(['flow', '--size', '5', '--count', '1', '--seed', 'stale']).json;
    await page.fill('#code', (JSON.parse(codes) as { puzzles: { code: string }[] }).puzzles[0]!.code);
    const first = await runs(page);
    await page.click('button:has-text("Show the answer")');
    expect(await settled(page, first)).toMatch(/Flow/);
    expect(await page.isDisabled('button:has-text("Download the answer")')).toBe(false);
    const keyRuns = await runs(page);
    await page.fill('#code', 'ZZZZ-1234');
    await page.click('button:has-text("Show the answer")');
    expect(await page.isDisabled('button:has-text("Download the answer")')).toBe(true);
    await settled(page, keyRuns);
    expect(await page.isDisabled('button:has-text("Download the answer")')).toBe(true);
  }, 120_000);

  it('offers nothing to download while a field is marked wrong, even when the last pages were still being drawn', async () => {
    const page = await s.page();
    // pdf.js arrives late, so the first sheet is still being drawn when the next options fail
    await slowFetch(page, /assets\/pdf-[^/]*\.js$/, 3000);
    await page.goto(`${s.url}?kind=calcudoku&size=4&count=1&seed=race`);
    await page.waitForFunction(() => /Drawing the pages/.test(document.querySelector('.view [role=status]')?.textContent ?? ''));
    await page.waitForTimeout(700);
    await page.fill('label:has-text("Size") + input', '99');
    await page.waitForSelector('.field.invalid');
    await page.waitForTimeout(4000); // the first sheet's drawing ends
    expect(await page.textContent('.view [role=status]')).toMatch(/check the option marked in red/);
    expect(await page.isDisabled('button:has-text("Download PDF")')).toBe(true);
    // the browser's own bubble is not a second message for the same mistake
    expect(await page.getAttribute('form.controls', 'novalidate')).not.toBeNull();
  }, 120_000);

  it('shows the answer of the last code asked, not of a slower one asked before it', async () => {
    const page = await s.page();
    // a deck's answer waits for its pictures, fetched late here; a wrong code is answered at once
    await slowFetch(page, /assets\/icons-[^/]*\.json$/, 2000);
    await page.goto(`${s.url}?view=key`);
    const ref = cliFiles(['dobble', '--count', '1', '--seed', 'slow-code']);
    const slow = (JSON.parse(ref.json) as { code: string }).code;
    await page.fill('#code', slow);
    await page.click('button:has-text("Show the answer")');
    await page.fill('#code', 'ZZZZ-1234');
    await page.click('button:has-text("Show the answer")');
    await page.waitForTimeout(6000); // the deck's answer has long arrived
    expect(await page.textContent('.view [role=status]')).toMatch(/did not work/);
    expect(await page.isDisabled('button:has-text("Download the answer")')).toBe(true);
  }, 120_000);

  it('names a download after the teacher\'s title and the sheet, its signs in words', async () => {
    const { page, status } = await s.made(`?kind=calcudoku&size=4&difficulty=easy&ops=%2B-&count=1&seed=names&title=${encodeURIComponent('Week 3 Mathématiques!')}`);
    expect(status).toMatch(/ready/);
    await downloadOf(page, 'Download PDF');
    // "+ − only" left "only" with its signs gone: calcudoku-4x4-easy-only-names.pdf
    expect(downloadNames[downloadNames.length - 1]).toBe('week-3-mathematiques-4x4-easy-plus-minus-only-names.pdf');
    await page.fill('label:has-text("Title") + div input', '');
    expect(await settled(page, 1)).toMatch(/ready/);
    await downloadOf(page, 'Download PDF');
    expect(downloadNames[downloadNames.length - 1]).toBe('calcudoku-4x4-easy-plus-minus-only-names.pdf');
  }, 120_000);

  it('shows the pages beside the options on a tablet', async () => {
    const { page, status } = await s.made('?kind=calcudoku&size=4&count=2&seed=tablet', 820, 1180);
    expect(status).toMatch(/ready/);
    const form = (await page.locator('form.controls').boundingBox())!;
    const pages = (await page.locator('#panel-sheet canvas.page').boundingBox())!;
    expect(pages.x).toBeGreaterThan(form.x + form.width); // one column put them under 2,000 px of options
    expect(pages.y).toBeLessThan(600);
  }, 120_000);

  it('keeps the page buttons on one line on a phone', async () => {
    const { page, status } = await s.made('?kind=calcudoku&size=4&count=8&seed=phone', 390, 844);
    expect(status).toMatch(/ready/);
    const heights = await page.$$eval('#panel-sheet .page-nav > *', (els) => els.map((el) => el.getBoundingClientRect().height));
    expect(heights.length).toBe(3);
    for (const h of heights) expect(h).toBeLessThan(36); // one line each (two lines were ~50 px)
    // The three views' tabs share one row, inside the screen (the third had a row of its own).
    const tabs = await page.$$eval('nav button', (els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ top: r.top, right: r.right })));
    expect(tabs.length).toBe(3);
    expect(new Set(tabs.map((t) => Math.round(t.top))).size).toBe(1);
    for (const t of tabs) expect(t.right).toBeLessThanOrEqual(390);
  }, 120_000);

  it('brings the first wrong field into view, with the cursor in it, when Make the puzzles is pressed on a phone', async () => {
    const { page, status } = await s.made('?kind=flow&seed=phone', 390, 844);
    expect(status).toMatch(/ready/);
    const size = page.getByLabel('Size', { exact: true });
    await size.fill('50');
    await page.getByLabel('Title', { exact: true }).fill('Week 3');
    // typing on: the cursor stays in the field being typed in, not sent to the wrong one
    await expect.poll(() => page.locator('.field.invalid').count()).toBe(1);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('Week 3');
    expect(await afterChange(page, () => page.click('button:has-text("Make the puzzles")'))).toBe('Please check the option marked in red: Size.');
    // the field is a long scroll above the button on a phone
    expect(await size.evaluate((e) => e === document.activeElement)).toBe(true);
    const box = (await page.locator('.field.invalid').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(await page.textContent('.field.invalid .error')).toBe('Size must be a whole number from 5 to 20');
  }, 120_000);

  it('keeps a puzzle code on one line in the status line of a phone', async () => {
    // a Flow code has small letters before its dash (F8x8m-...), a Calcudoku one capitals only
    const ref = cliFiles(['flow', '--count', '1', '--seed', 'phone-code']);
    const code = (JSON.parse(ref.json) as { puzzles: { code: string }[] }).puzzles[0]!.code;
    const { page, status } = await s.made(`?view=key&code=${code}`, 390, 844);
    expect(status).toContain(code);
    // one box per line the code spans: it broke at its dash into two on a 390 px screen
    const boxes = await page.$$eval('.view [role=status] .code', (els) => els.map((el) => el.getClientRects().length));
    expect(boxes).toEqual([1]);
    expect(await page.textContent('.view [role=status] .code')).toBe(code);
  }, 120_000);

  it('answers a printed code, and says plainly when a code is wrong', async () => {
    const ref = cliFiles(['calcudoku', '--size', '5', '--count', '1', '--seed', 'code']);
    const code = (JSON.parse(ref.json) as { puzzles: { code: string }[] }).puzzles[0]!.code;
    const page = await s.open('?view=key');
    await page.fill('#code', code);
    await page.click('button:has-text("Show the answer")');
    expect(await settled(page)).toContain(code);
    const pdf = await downloadOf(page, 'Download the answer');
    const out = mkdtempSync(join(dir, 'key-'));
    expect(cli(['key', code, '--out', join(out, 'k.pdf')]).code).toBe(0);
    expect(pdf.equals(readFileSync(join(out, 'k.pdf')))).toBe(true);
    const before = await runs(page);
    await page.fill('#code', 'ZZZZ-1234');
    await page.click('button:has-text("Show the answer")');
    expect(await settled(page, before)).toMatch(/did not work/);
    expect(await page.isVisible('#code-error')).toBe(true);
    expect(await page.textContent('#code-error')).not.toMatch(/0123456789/);
  }, 120_000);

  it('passes an automated accessibility check on every view', async () => {
    const page = await s.page();
    for (const view of ['sheet&kind=dobble', 'class', 'key']) {
      await page.goto(`${s.url}?view=${view}`);
      await page.waitForSelector('.controls');
      if (view !== 'class' && view !== 'key') await settled(page);
      else expect((await page.textContent('.status'))!.trim(), `${view}: the status line says what to do first`).toMatch(/ then press /);
      expect(await axeViolations(page), view).toEqual([]);
    }
    // and a class set made: its list of files and the file shown
    await page.goto(`${s.url}?view=class`);
    await page.fill('#roster', 'Ava\nBen\n');
    await page.click('button:has-text("Make the class set")');
    expect(await settled(page)).toMatch(/Ready/);
    await page.waitForSelector('.made-files canvas.page[aria-label]');
    expect(await axeViolations(page), 'class set made').toEqual([]);
  }, 120_000);

  it('keeps Class set\'s address when a sheet changed just before is made after the teacher went there', async () => {
    const { page, status } = await s.made('?view=sheet&kind=flow&size=7&seed=late');
    expect(status).toMatch(/ready/);
    // an option changed, then Class set pressed before the sheet's short wait is over
    await page.fill('label:has-text("Size") + input', '8');
    await page.click('nav button:has-text("Class set")');
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).searchParams.get('view')).toBe('class');
    await page.reload();
    await page.waitForSelector('#roster');
    // and Worksheets keeps the change
    await page.click('nav button:has-text("Worksheets")');
    expect(await page.inputValue('label:has-text("Size") + input')).toBe('8');
  }, 120_000);

  it('keeps what was typed through a reload, another view and Back', async () => {
    const { page, status } = await s.made('?view=sheet&kind=flow&size=7&count=2&seed=kept');
    expect(status).toMatch(/ready/);
    await page.click('nav button:has-text("Class set")');
    await page.fill('#roster', 'Ava\nBen\nChloé\n');
    await page.fill('label:has-text("Title") + input', 'Week 5');
    await page.selectOption('#add-kind', 'dobble');
    await page.click('button:has-text("Add")');
    await page.reload();
    await page.waitForSelector('#roster');
    expect(await page.inputValue('#roster')).toBe('Ava\nBen\nChloé\n');
    expect(await page.inputValue('label:has-text("Title") + input')).toBe('Week 5');
    expect(await page.$$eval('.sheet-plan h3', (hs) => hs.map((x) => x.textContent))).toEqual(['Calcudoku', 'Flow', 'Dobble']);
    // the Worksheets options were not wiped by a visit to the class set, and Back goes back a view
    await page.click('nav button:has-text("Worksheets")');
    expect(page.url()).toMatch(/kind=flow/);
    expect(page.url()).toMatch(/seed=kept/);
    expect(await page.inputValue('label:has-text("Size") + input')).toBe('7');
    await page.goBack();
    await page.waitForSelector('#roster');
    expect(await page.inputValue('#roster')).toBe('Ava\nBen\nChloé\n');
    expect(new URL(page.url()).searchParams.get('view')).toBe('class');
    // an untitled set is named in the language it is printed in (a French booklet said "Maths puzzles")
    await page.fill('label:has-text("Title") + input', '');
    await page.selectOption('label:has-text("Language") + select', 'fr');
    expect(await page.getAttribute('label:has-text("Title") + input', 'placeholder')).toBe('Jeux mathématiques');
    const saved: string[] = [];
    page.on('download', async (d) => saved.push(readFileSync((await d.path())!, 'utf8')));
    await page.click('button:has-text("Save these settings")');
    await expect.poll(() => saved.length, { timeout: 30_000 }).toBe(1);
    expect(saved[0]).toMatch(/^title: Jeux mathématiques$/m);
  }, 120_000);

  it('keeps a typed word list through a reload and in the link; a link without it says so by the Words box and makes nothing', async () => {
    const { page } = await s.made('?kind=dobble&symbolsPerCard=3&seed=kept-words');
    const words = ['cat', 'dog', 'sun', 'moon', 'tree', 'fish', 'bee'];
    expect(await afterChange(page, () => page.fill(WORDS_BOX, words.join('\n')))).toMatch(/ready/);
    const pdf = await downloadOf(page, 'Download PDF');
    await page.reload();
    expect(await settled(page)).toMatch(/ready/);
    expect(await page.inputValue(WORDS_BOX)).toBe(words.join('\n'));
    expect((await downloadOf(page, 'Download PDF')).equals(pdf)).toBe(true);
    // the link is the same deck in another browser
    const other = await s.page();
    await other.goto(page.url());
    expect(await settled(other)).toMatch(/ready/);
    expect((await downloadOf(other, 'Download PDF')).equals(pdf)).toBe(true);
    // a link naming the words but without them: a red line by the Words box, nothing to download
    const url = new URL(page.url());
    url.searchParams.delete('words');
    // (a new browser: this tab keeps a list too long for the address, so it would have the words)
    const bare = await s.page();
    await bare.goto(url.href);
    expect(await settled(bare)).toMatch(/check the option marked in red/);
    expect(await bare.textContent('.own.invalid .error')).toBe('Your word list was not kept: paste it again');
    expect(await bare.isDisabled('button:has-text("Download PDF")')).toBe(true);
    expect(await bare.inputValue(WORDS_BOX)).toBe('');
    // pasting them again makes the same deck; or the built-in pictures, when asked for
    expect(await afterChange(bare, () => bare.fill(WORDS_BOX, words.join('\n')))).toMatch(/ready/);
    expect((await downloadOf(bare, 'Download PDF')).equals(pdf)).toBe(true);
    const fresh = await s.page();
    await fresh.goto(url.href);
    await settled(fresh);
    expect(await afterChange(fresh, () => fresh.click('button:has-text("Use the built-in pictures instead")'))).toMatch(/ready/);
    expect(new URL(fresh.url()).searchParams.get('symbols')).toBeNull();
    expect(await fresh.$$('.field.invalid')).toHaveLength(0);
  }, 120_000);

  it('says what is wrong with a chosen picture or font file by its field, in the page\'s words, and makes a phone photo card-sized', async () => {
    const { page } = await s.made('?kind=dobble&symbolsPerCard=3&seed=photo');
    const pictures = [1, 2, 3, 4, 5, 6].map((i) => ({ name: `p${i}.png`, mimeType: 'image/png', buffer: greyPng(20 + i, 20) }));
    const placed = async (files: { name: string; mimeType: string; buffer: Buffer }[]) => {
      const said = await afterChange(page, () => page.setInputFiles('input[type=file][accept*=png]', files));
      const body = (await page.textContent('body'))!;
      expect(body).not.toMatch(/pictures\/|--symbols|puzzlepress/);
      // looked up, not waited for: when nothing is wrong there is no such line (textContent would wait 30 s)
      const error = await page.$('.own.invalid .error');
      return { said, shown: error ? await error.textContent() : null };
    };
    let r = await placed([...pictures, { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(9 * 1024 * 1024, 7) }]);
    expect(r.said).toMatch(/marked in red/);
    expect(r.shown).toBe('The picture huge.jpg is larger than 8 MB: choose another picture, or save this one smaller');
    // marked where the pictures were chosen, not on the words box beside them
    expect(await page.$eval('.own textarea', (el) => getComputedStyle(el).borderTopWidth)).toBe('1px');
    expect(await page.$eval('.own .drop', (el) => getComputedStyle(el).borderTopStyle)).toBe('solid');
    r = await placed([{ name: 'marks.xlsx', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('PK\u0003\u0004') }]);
    expect(r.shown).toBe('None of the files you chose is a PNG, JPEG or SVG picture');
    r = await placed([pictures[0]!]);
    expect(r.shown).toMatch(/^You chose 1 picture but .* needs 7: add 6 more/);
    expect(await page.textContent('.drop')).toMatch(/1 picture chosen/);
    // a photo larger than a card prints: made smaller in the browser, not refused
    r = await placed([...pictures, { name: 'photo.png', mimeType: 'image/png', buffer: greyPng(1600, 1200) }]);
    expect(r.said).toMatch(/ready/);
    const sizes = pdfPictures(await downloadOf(page, 'Download PDF'));
    expect(sizes.some(([w, h]) => Math.abs(w / h - 4 / 3) < 0.01 && w * h > 900_000 && w * h <= 1_000_000)).toBe(true);
    // the teacher's font file, by its own name, by the Font field
    await afterChange(page, () => page.selectOption('label:has-text("Font") + .row select', 'own')); // no font file yet: said by the field
    await afterChange(page, () => page.setInputFiles('input[type=file][accept*=ttf]', { name: 'notafont.ttf', mimeType: 'font/ttf', buffer: Buffer.alloc(2000, 3) }));
    expect(await page.textContent('.field.invalid:has(label:text-is("Font")) .error')).toBe('The file notafont.ttf is not a font file that can be read: choose a TrueType (.ttf) or OpenType (.otf) font file, or a font from the list');
  }, 120_000);

  it('asks for the words again for the answer of a deck made from them, by the words, and answers as the command line does', async () => {
    const cwd = mkdtempSync(join(dir, 'own-key-'));
    const words = ['cat', 'dog', 'sun', 'moon', 'tree', 'fish', 'bee'];
    writeFileSync(join(cwd, 'words.txt'), words.join('\n'));
    expect(cli(['dobble', '--symbols', 'words.txt', '--symbols-per-card', '3', '--seed', 'own-key', '--json', 'deck.json', '--out', 'deck.pdf'], cwd).code).toBe(0);
    const code = (JSON.parse(readFileSync(join(cwd, 'deck.json'), 'utf8')) as { code: string }).code;
    expect(cli(['key', code, '--symbols', 'words.txt', '--out', 'key.pdf'], cwd).code).toBe(0);
    const page = await s.open('?view=key');
    expect(await page.isVisible(WORDS_BOX)).toBe(false);
    await page.fill('#code', code);
    expect(await afterChange(page, () => page.click('button:has-text("Show the answer")'))).toMatch(/needs your own words/);
    expect(await page.textContent('.own.invalid .error')).toBe('This deck was made from your own words or pictures: give the same ones again here, then press Show the answer');
    expect(await page.isVisible('#code-error')).toBe(false);
    await page.fill(WORDS_BOX, words.join('\n'));
    expect(await afterChange(page, () => page.click('button:has-text("Show the answer")'))).toContain(code);
    expect((await downloadOf(page, 'Download the answer')).equals(readFileSync(join(cwd, 'key.pdf')))).toBe(true);
  }, 120_000);

  it('reads a code typed in groups without its dash, and the first of several pasted from a footer', async () => {
    const ref = cliFiles(['calcudoku', '--size', '4', '--count', '2', '--seed', 'groups']);
    const [code, second] = (JSON.parse(ref.json) as { puzzles: { code: string }[] }).puzzles.map((p) => p.code) as [string, string];
    const [prefix, tail] = code.split('-') as [string, string];
    const page = await s.open('?view=key');
    await page.fill('#code', `${prefix} ${tail.slice(0, 4)} ${tail.slice(4, 8)} ${tail.slice(8)}`.toLowerCase());
    expect(await afterChange(page, () => page.click('button:has-text("Show the answer")'))).toContain(code);
    await page.fill('#code', `1: ${second}   2: ${code}`);
    const said = await afterChange(page, () => page.click('button:has-text("Show the answer")'));
    expect(said).toContain(second);
    expect(said).toMatch(/You pasted 2 codes: this is the answer to the first/);
  }, 120_000);

  it('goes Back to the kind of puzzle before, with its options, rather than leaving the page', async () => {
    const { page, status } = await s.made('?kind=calcudoku&size=5&count=2&seed=back');
    expect(status).toMatch(/ready/);
    for (const kind of ['flow', 'dobble']) {
      expect(await afterChange(page, () => page.check(`#kind-${kind}`))).toMatch(/ready/);
    }
    // an option changed is not a step of its own
    await afterChange(page, () => page.fill('label:has-text("How many") + .row input', '3'));
    expect(await afterChange(page, () => page.goBack())).toMatch(/^Flow/);
    expect(new URL(page.url()).searchParams.get('kind')).toBe('flow');
    expect(await page.isChecked('#kind-flow')).toBe(true);
    expect(await afterChange(page, () => page.goBack())).toMatch(/^Calcudoku/);
    expect(await page.isChecked('#kind-calcudoku')).toBe(true);
    expect(await page.inputValue('label:has-text("Size") + input')).toBe('5');
    expect(await page.inputValue('label:has-text("How many") + .row input')).toBe('2');
    expect(await afterChange(page, () => page.goForward())).toMatch(/^Flow/);
  }, 120_000);

  it('shows in an empty box the value that will be used when it follows another option', async () => {
    const { page } = await s.made('?kind=flow&seed=follow');
    const before = await runs(page);
    await page.getByLabel('Size', { exact: true }).fill('12');
    // Width and Height left empty are Size's: the sheet made is 12x12, and the boxes say 12, not 8
    expect(await settled(page, before)).toMatch(/^Flow · 12\u00d712/);
    expect(await page.getByLabel('Width', { exact: true }).getAttribute('placeholder')).toBe('12');
    expect(await page.getByLabel('Height', { exact: true }).getAttribute('placeholder')).toBe('12');
    await page.getByLabel('Size', { exact: true }).fill('');
    expect(await page.getByLabel('Width', { exact: true }).getAttribute('placeholder')).toBe('8');
    // a deck's Cards left empty is the whole deck: 7 cards for 3 symbols a card, not 57
    await page.goto(`${s.url}?kind=dobble&symbolsPerCard=3&seed=follow`);
    expect(await settled(page)).toMatch(/^Dobble · 7 cards/);
    expect(await page.getByLabel('Cards', { exact: true }).getAttribute('placeholder')).toBe('7');
    await page.getByLabel('Symbols per card').selectOption('5');
    expect(await page.getByLabel('Cards', { exact: true }).getAttribute('placeholder')).toBe('21');
    // the same on a class set's worksheets
    await page.goto(`${s.url}?view=class`);
    const flow = page.locator('.sheet-plan').nth(1);
    await flow.getByLabel('Size', { exact: true }).fill('10');
    expect(await flow.getByLabel('Width', { exact: true }).getAttribute('placeholder')).toBe('10');
  }, 120_000);

  it('says under the Example switch that large print leaves the worked example out, on both views', async () => {
    const { page } = await s.made('?kind=calcudoku&size=4&count=1&seed=lp');
    const example = '.field.switch:has(> label:text-is("Example"))';
    const note = `${example} p[id$="-note"]`;
    expect(await page.isVisible(note)).toBe(false);
    await page.check('label:text-is("Large print") >> xpath=preceding-sibling::input');
    await page.waitForSelector(`${note}:not([hidden])`);
    expect(await page.textContent(note)).toMatch(/^Large print leaves the worked example out/);
    // the teacher's choice stays as it was, for when large print is off again
    expect(await page.isChecked(`${example} input`)).toBe(true);
    await page.uncheck('label:text-is("Large print") >> xpath=preceding-sibling::input');
    expect(await page.isVisible(note)).toBe(false);
    // a link with large print shows it at once
    await page.goto(`${s.url}?kind=flow&size=6&count=1&seed=lp&largePrint=true`);
    await page.waitForSelector(`${note}:not([hidden])`);

    await page.goto(`${s.url}?view=class`);
    await page.selectOption('#add-kind', 'calcudoku');
    await page.click('button:text-is("Add")');
    await page.check('#large-print');
    await page.waitForSelector(`${note}:not([hidden])`);
    await page.uncheck('#large-print');
    expect(await page.isVisible(note)).toBe(false);
  }, 120_000);

  it('adds worked solutions when asked, as --explain does', async () => {
    const { page, status } = await s.made('?kind=calcudoku&size=4&count=2&seed=explained&explain=true');
    expect(status).toMatch(/ready/);
    expect(await page.isChecked('label:has-text("Worked solutions") >> xpath=preceding-sibling::input')).toBe(true);
    const pdf = await downloadOf(page, 'Download PDF');
    const ref = cliFiles(['calcudoku', '--size', '4', '--count', '2', '--seed', 'explained', '--explain']);
    expect(pdf.equals(ref.pdf)).toBe(true);
    expect(pdfText(pdf)).toMatch(/Worked solution/i);
    // a kind without worked solutions does not offer the switch
    await page.click('label:has-text("Multiplication Ludo")');
    expect(await page.isVisible('label:has-text("Worked solutions")')).toBe(false);
    // and How many says what it counts for that kind
    expect(await page.textContent('.field:has(> label:text-is("How many")) .help')).toMatch(/^sets of worksheets to print/);
    await page.click('label:has-text("Flow")');
    expect(await page.isVisible('label:has-text("Worked solutions")')).toBe(true);
    expect(await page.textContent('.field:has(> label:text-is("How many")) .help')).toMatch(/^puzzles to print/);
  }, 120_000);

  it('says why there is no answer key, and shows no page buttons without pages', async () => {
    // a deck has no answers whatever Answer key says: no tab that could only say so, the pages shown
    const { page, status } = await s.made('?kind=calcudoku&size=4&count=1&seed=nokey');
    expect(status).toMatch(/ready/);
    await page.click('role=tab[name="Answer key"]');
    await page.click('label:has-text("Dobble")');
    expect(await settled(page, 1)).toMatch(/ready/);
    expect(await page.isVisible('role=tab[name="Answer key"]')).toBe(false);
    expect(await page.isVisible('#panel-key')).toBe(false);
    expect(await page.isVisible('#panel-sheet button:has-text("Next page")')).toBe(true);
    // a puzzle whose key was left out: the way to get it back
    await page.goto(`${s.url}?kind=calcudoku&size=4&count=1&seed=nokey&answers=none`);
    expect(await settled(page)).toMatch(/ready/);
    await page.click('role=tab[name="Answer key"]');
    expect(await page.textContent('#panel-key .help')).toMatch(/^There is no answer key: choose "In its own file"/);
    expect(await page.isVisible('#panel-key button:has-text("Next page")')).toBe(false);
  }, 120_000);

  it('names options in a teacher\'s words, and offers no Answer key for a card deck', async () => {
    const { page, status } = await s.made('?kind=ludo&seed=words');
    expect(status).toMatch(/ready/);
    const legend = (name: string) => page.locator(`fieldset.choices:has(> legend:text-is("${name}")) label`).allTextContents();
    expect(await legend('Worksheets')).toEqual(['Where does it land?', 'Every way to 120', 'Squares you can never land on', 'Replay a game']);
    expect(await legend('Game pages')).toEqual(['The 120 board', 'Rules', 'Record sheet']);
    expect(await page.textContent('.kind-options')).not.toMatch(/comma-separated|\(default (on|all)/);
    // unticking a sheet by its title still leaves it out, as --worksheet does
    expect(await afterChange(page, () => page.uncheck('label:text-is("Replay a game") >> xpath=preceding-sibling::input'))).toMatch(/ready/);
    expect(page.url()).toMatch(/worksheet=landing%2Cways%2Cnever/);
    // the replayed game's players in words, not strategy names to type: the same file as --players
    const players = page.locator('label:text-is("Players in the replayed game") + select');
    const offered = await players.locator('option').allTextContents();
    expect(offered).toHaveLength(16);
    for (const t of offered) expect(t).toMatch(/^Red: [a-z ]+ · Blue: [a-z ]+$/);
    for (const t of offered) expect(t).not.toMatch(/auto120|expected|\w,\w/); // no strategy names, no "a,b"
    const again = await runs(page);
    await players.selectOption({ label: 'Red: fastest · Blue: random' });
    expect(await settled(page, again)).toMatch(/ready/);
    const replay = await downloadOf(page, 'Download PDF');
    const at = mkdtempSync(join(dir, 'players-'));
    expect(cli(['ludo', '--seed', 'words', '--worksheet', 'landing,ways,never', '--players', 'expected,random', '--out', 'l.pdf'], at).code).toBe(0);
    expect(replay.equals(readFileSync(join(at, 'l.pdf')))).toBe(true);
    await page.click('label:has-text("Flow")');
    expect(await page.isVisible('label:text-is("Colours")')).toBe(true);
    expect(await page.isVisible('label:text-is("Answer key")')).toBe(true);
    await page.click('label:has-text("Dobble")');
    expect(await settled(page)).toMatch(/ready/);
    expect(await page.isVisible('label:text-is("Answer key")')).toBe(false);
    expect(page.url()).not.toMatch(/answers=/);
    // nor a tab and a button that could only say there is none; a page holds cards, not puzzles
    expect(await page.isVisible('button:has-text("Download answer key")')).toBe(false);
    expect(await page.isVisible('[role=tab]:has-text("Answer key")')).toBe(false);
    expect(await page.isVisible('label:text-is("Cards a page")')).toBe(true);
    await page.click('label:has-text("Fultiples")');
    expect(await page.isVisible('label:text-is("Answer key")')).toBe(true);
    expect(await page.isVisible('label:text-is("Multipliers")')).toBe(true);
    // a kind's options are as the teacher left them on coming back to it
    await page.click('label:has-text("Calcudoku")');
    await page.fill('label:has-text("Size") + input', '5');
    await page.click('label:has-text("Flow")');
    expect(await page.inputValue('label:has-text("Size") + input')).toBe('');
    await page.click('label:has-text("Calcudoku")');
    expect(await page.inputValue('label:has-text("Size") + input')).toBe('5');
  }, 120_000);

  it('cancels a long run at once, and makes the next sheet as usual', async () => {
    const { page } = await s.made('?kind=calcudoku&size=4&count=1&seed=quick');
    const before = await runs(page);
    await page.fill('label:has-text("How many") + div input', '1000');
    await page.fill('label:has-text("Size") + input', '9');
    await page.waitForSelector('.status.busy button:has-text("Cancel"):visible');
    const t = Date.now();
    await page.click('.status.busy button:has-text("Cancel")');
    expect(await settled(page, before)).toMatch(/Stopped/);
    expect(Date.now() - t).toBeLessThan(5_000);
    const again = await runs(page);
    await page.fill('label:has-text("How many") + div input', '2');
    expect(await settled(page, again)).toMatch(/ready/);
  }, 120_000);
});
