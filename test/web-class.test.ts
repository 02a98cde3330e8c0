import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { afterChange, fileSession, pageErrors, planError, runs, settled } from './helpers/browser.js';
import { dir, downloadOf, pdfPages, pdfText, WORDS_BOX } from './helpers/web-files.js';

// The web page's class sets and booklets, apart from test/web.test.ts so the two run side by side.
const s = fileSession();

describe('the web page: class sets and booklets', () => {
  it('makes a class set from a 3-name roster in Lexend: the same files as puzzlepress batch with the saved plan', async () => {
    const page = await s.open('?view=class');
    await page.fill('#roster', 'Ava\nBen\nChloé\n');
    await page.fill('label:has-text("Puzzle set") + input', 'class-web');
    await page.selectOption('label:has-text("Font") + select', 'lexend');
    await page.click('button:has-text("Make the class set")');
    // what was made, with the pages there are to print
    const said = /Ready in [\d.]+ s: 3 pupils' PDFs \((\d+) pages each, (\d+) in all\) and the answer key \((\d+) pages?\)\. To print every pupil's pages at once: all-pupils\.pdf\./.exec(await settled(page));
    expect(said).not.toBeNull();
    expect(Number(said![2])).toBe(3 * Number(said![1]));
    const zip = unzipSync(await downloadOf(page, 'Download the class set'));
    expect(pdfPages(Buffer.from(zip['Ben.pdf']!))).toBe(Number(said![1]));
    expect(pdfPages(Buffer.from(zip['answer-key.pdf']!))).toBe(Number(said![3]));
    expect(pdfPages(Buffer.from(zip['all-pupils.pdf']!))).toBe(Number(said![2]));
    // each file on its own, without unzipping: the first pupil's is shown, any other one a press away
    expect(await page.$$eval('.made button.file', (els) => els.map((el) => el.getAttribute('data-file')))).toEqual(['Ava.pdf', 'Ben.pdf', 'Chloé.pdf', 'answer-key.pdf', 'all-pupils.pdf']);
    await page.waitForSelector('.made-files canvas.page[aria-label="The file, page 1 of 2"]');
    await page.click('.made button.file[data-file="Ben.pdf"]');
    expect(Buffer.from(zip['Ben.pdf']!).equals(await downloadOf(page, 'Download Ben.pdf'))).toBe(true);
    const saved: [string, Buffer][] = [];
    page.on('download', async (d) => saved.push([d.suggestedFilename(), readFileSync((await d.path())!)]));
    await page.click('button:has-text("Save these settings")');
    await expect.poll(() => saved.length, { timeout: 30_000 }).toBe(1);
    // one file: the class list is in the plan, so nothing names a file the teacher never saved
    const plan = saved[0]!;
    const cwd = mkdtempSync(join(dir, 'class-'));
    writeFileSync(join(cwd, plan[0]), plan[1]);
    expect(plan[0]).toBe('plan.yaml'); // no title typed
    expect(plan[1].toString()).toMatch(/^font: lexend$/m);
    expect(plan[1].toString()).toMatch(/^pupils:\n {2}- Ava\n {2}- Ben\n {2}- Chloé$/m);
    expect(plan[1].toString()).not.toMatch(/roster/);
    const r = cli(['batch', plan[0], '--out', 'out'], cwd);
    expect(r.code, r.stderr).toBe(0);
    const names = Object.keys(zip).sort();
    // the command line's files but its manifest, a list for programs a teacher has no use for
    expect(names).toEqual(readdirSync(join(cwd, 'out')).filter((n) => n !== 'manifest.json').sort());
    expect(names).toHaveLength(3 + 2); // a PDF a pupil, the key, all pupils' pages to print
    for (const n of names) expect(Buffer.from(zip[n]!).equals(readFileSync(join(cwd, 'out', n))), n).toBe(true);
    expect(pdfText(Buffer.from(zip['Ben.pdf']!))).toContain('Ben');
    expect(pdfText(Buffer.from(zip['Ben.pdf']!))).toContain('Maths puzzles');
    // the saved plan opens again with its class list
    await page.fill('#roster', '');
    // the set made is the last list's: not offered once the list changes, until made again
    expect(await page.isDisabled('button:has-text("Download the class set")')).toBe(true);
    expect(await page.isDisabled('button:has-text("Download Ben.pdf")')).toBe(true);
    expect(await page.textContent('.view [role=status]')).toMatch(/press Make the class set/);
    await page.setInputFiles('#plan-file', join(cwd, plan[0]));
    await expect.poll(() => page.inputValue('#roster')).toBe('Ava\nBen\nChloé');
    writeFileSync(join(cwd, 'ben.pdf'), zip['Ben.pdf']!);
    expect(execFileSync('pdffonts', [join(cwd, 'ben.pdf')], { encoding: 'utf8' })).toMatch(/Lexend/);
  }, 180_000);

  it('shows Ready and the download button once made, though Make is at the foot of the form', async () => {
    const page = await s.open('?view=class');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.fill('#roster', 'Ava\nBen\n');
    await page.click('button:has-text("Make the class set")');
    expect(await settled(page)).toMatch(/^Ready in/);
    await page.waitForSelector('.made-files canvas.page[aria-label]');
    const inView = async (selector: string) => {
      const box = (await page.locator(selector).first().boundingBox())!;
      return box.y >= -1 && box.y + box.height <= 900;
    };
    await expect.poll(() => inView('.status'), { timeout: 30_000 }).toBe(true);
    expect(await inView('button:has-text("Download the class set")')).toBe(true);
  }, 60_000);

  it('makes one class set when Make is pressed twice, its steps only going forward', async () => {
    const page = await s.open('?view=class');
    await page.fill('#roster', 'Ava\nBen\nChloé\nDan\nEmma\nFinn\n');
    await page.evaluate(() => {
      const seen: number[] = ((window as unknown as { steps: number[] }).steps = []);
      const text = document.querySelector('.view [role=status] .status-text')!;
      new MutationObserver(() => {
        const m = /step (\d+) of/.exec(text.textContent ?? '');
        if (m) seen.push(Number(m[1]));
      }).observe(text, { childList: true, characterData: true, subtree: true });
    });
    await page.click('button:has-text("Make the class set")');
    await page.waitForFunction(() => (window as unknown as { steps: number[] }).steps.length > 0);
    await page.click('button:has-text("Make the class set")');
    // from the second press on, one run's steps: they never go back
    await page.evaluate(() => ((window as unknown as { steps: number[] }).steps.length = 0));
    expect(await settled(page, 1)).toMatch(/Ready in [\d.]+ s: 6 pupils' PDFs \(\d+ pages each, \d+ in all\) and the answer key/);
    const steps = await page.evaluate(() => (window as unknown as { steps: number[] }).steps);
    expect(steps.length).toBeGreaterThan(0);
    for (let i = 1; i < steps.length; i++) expect(steps[i], steps.join(' ')).toBeGreaterThanOrEqual(steps[i - 1]!);
  }, 120_000);

  it('makes a booklet without a class list, folded or not: the same files as puzzlepress batch', async () => {
    const page = await s.open('?view=class');
    await page.fill('label:has-text("Puzzle set") + input', 'booklet-web');
    const saved: [string, Buffer][] = [];
    page.on('download', async (d) => saved.push([d.suggestedFilename(), readFileSync((await d.path())!)]));
    await page.click('button:has-text("Save these settings")');
    await expect.poll(() => saved.length, { timeout: 30_000 }).toBe(1);
    const cwd = mkdtempSync(join(dir, 'booklet-'));
    writeFileSync(join(cwd, saved[0]![0]), saved[0]![1]);
    for (const fold of [false, true]) {
      if (fold) await page.check('#booklet');
      expect(await afterChange(page, () => page.click('button:has-text("Make the class set")'))).toMatch(/Ready in [\d.]+ s: the booklet \(\d+ pages\)\. The answers are in \S+-answers\.pdf \(\d+ pages?\)\./);
      const zip = unzipSync(await downloadOf(page, 'Download the class set'));
      const out = `out-${fold}`;
      const r = cli(['batch', saved[0]![0], '--out', out, ...(fold ? ['--booklet'] : [])], cwd);
      expect(r.code, r.stderr).toBe(0);
      const names = Object.keys(zip).sort();
      expect(names).toEqual(readdirSync(join(cwd, out)).filter((n) => n !== 'manifest.json').sort());
      expect(readdirSync(join(cwd, out))).toContain('manifest.json');
      for (const n of names) expect(Buffer.from(zip[n]!).equals(readFileSync(join(cwd, out, n))), n).toBe(true);
      const pdf = names.find((n) => n.endsWith('.pdf') && !n.endsWith('-answers.pdf'))!;
      expect(pdfPages(Buffer.from(zip[pdf]!))).toBeGreaterThan(1);
      // "In the teacher's key": the answers are a file of their own, not pages of the pupils' booklet
      expect(names.filter((n) => n.endsWith('-answers.pdf'))).toHaveLength(1);
      expect(pdfText(Buffer.from(zip[pdf]!))).not.toMatch(/Answers/);
    }
  }, 240_000);

  it('says where a folded booklet\'s cards are, as the booklet does, not calling them its answers', async () => {
    const page = await s.open('?view=class');
    await page.fill('label:has-text("Title") + input', 'Week 3');
    await page.selectOption('#add-kind', 'dobble');
    await page.click('button:has-text("Add")');
    await page.check('#booklet');
    for (const answers of ['none', 'separate']) {
      await page.selectOption('label:has-text("Answers") + select', answers);
      const said = await afterChange(page, () => page.click('button:has-text("Make the class set")'));
      expect(said).toMatch(/: the booklet \(\d+ pages\)(\. The answers are in Week-3-answers\.pdf \(\d+ pages\))?\. The cards are in Week-3-cards\.pdf \(\d+ pages\): print them on card and cut them out\.$/);
      expect(said.includes('answers are in')).toBe(answers === 'separate');
      expect(await page.$$eval('.made-files button.file', (bs) => bs.map((b) => b.dataset.file))).toContain('Week-3-cards.pdf');
    }
  }, 240_000);

  it('explains a roster with repeated names next to the class list, and makes nothing', async () => {
    const page = await s.open('?view=class');
    expect(await page.isDisabled('#booklet')).toBe(false);
    await page.check('#booklet');
    await page.fill('#roster', 'Ava\nBen\nAva\n');
    // a booklet is for a set without names: the box goes off rather than the run being refused
    expect(await page.isDisabled('#booklet')).toBe(true);
    expect(await page.isChecked('#booklet')).toBe(false);
    await page.click('button:has-text("Make the class set")');
    expect(await settled(page)).toMatch(/check the message/);
    // by the list, in its own words: no file name the teacher never saw
    expect(await page.textContent('#roster + #roster-error')).toMatch(/^Line 3 of the class list: "Ava" is already on line 1/);
    // brought into view, with the list ready to edit, though the button is far below it
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('roster');
    expect(await page.isVisible('#roster-error')).toBe(true);
    const box = (await page.locator('#roster-error').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    expect(await page.isDisabled('button:has-text("Download the class set")')).toBe(true);
    // an Excel file opened as the list: how to save it as one, and the list as it was (not a screen of odd characters)
    await page.setInputFiles('#roster-file', { name: 'Class 4M.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from('PK\u0003\u0004\u0014\u0000\u0006\u0000\u0008\u0000[Content_Types].xml') });
    await expect.poll(() => page.textContent('#roster-error')).toMatch(/^Class 4M\.xlsx is a spreadsheet file, not a list; in the spreadsheet choose Save As and the CSV format/);
    expect(await page.inputValue('#roster')).toBe('Ava\nBen\nAva\n');
  }, 120_000);

  it('says a wrong How many as the teacher leaves the box, as Worksheets does, and takes the message away once put right', async () => {
    const page = await s.open('?view=class');
    const count = page.locator('.sheet-plan').nth(0).getByLabel('How many', { exact: true });
    const error = page.locator('.sheet-plan').nth(0).locator('.field.invalid .error');
    for (const wrong of ['0', '1001', '2.5']) {
      await count.fill(wrong);
      await count.press('Tab');
      await expect.poll(() => error.allTextContents()).toEqual(['How many must be a whole number from 1 to 1000']);
      await count.fill('3');
      await count.press('Tab');
      await expect.poll(() => error.count()).toBe(0);
    }
  }, 60_000);

  it('says a worksheet\'s wrong field as the teacher leaves it, leaving the cursor where the teacher put it', async () => {
    // the check runs in the page's worker: its first job may wait for the worker to start, slower
    // when the whole suite runs on two cores than the 1 s a poll waits by default
    const WORKER = { timeout: 30_000 };
    const page = await s.open('?view=class');
    const sheet = page.locator('.sheet-plan').nth(0);
    const error = sheet.locator('.field.invalid .error');
    const size = sheet.getByLabel('Size', { exact: true });
    await size.fill('30');
    await size.press('Tab');
    await expect.poll(() => error.allTextContents(), WORKER).toEqual(['Size must be a whole number from 3 to 12']);
    // nothing was made, no message above the pages, and the cursor went on to the next field
    expect(await page.isHidden('#make-error')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest('.field')?.querySelector('label')?.textContent)).not.toBe('Size');
    // two wrong fields of one worksheet are both said; put right, each message goes
    const signs = sheet.getByLabel('Signs', { exact: true });
    await signs.fill('%');
    await signs.press('Tab');
    await expect.poll(() => error.count(), WORKER).toBe(2);
    await size.fill('6');
    await size.press('Tab');
    await expect.poll(() => error.allTextContents(), WORKER).toEqual(['Signs may only use + - x /']);
    await signs.fill('');
    await signs.press('Tab');
    await expect.poll(() => error.count(), WORKER).toBe(0);
  }, 60_000);

  it('marks a class set worksheet\'s wrong fields by those fields, in the words Worksheets uses, and makes nothing', async () => {
    const page = await s.open('?view=class');
    await page.fill('#roster', 'Ava\nBen\n');
    const sheet = (i: number) => page.locator('.sheet-plan').nth(i);
    await sheet(0).getByLabel('How many', { exact: true }).fill('0');
    await sheet(0).getByLabel('Signs', { exact: true }).fill('%');
    await sheet(1).getByLabel('Width', { exact: true }).fill('50');
    await sheet(1).getByLabel('Height', { exact: true }).fill('4');
    await page.click('button:has-text("Make the class set")');
    expect(await settled(page)).toBe('Please check the 2 worksheets marked in red.');
    const marked = async (i: number) => sheet(i).locator('.field.invalid').evaluateAll((els) => els.map((e) => [e.querySelector('label')?.textContent, e.querySelector('.error')?.textContent]));
    expect(await marked(0)).toEqual([
      ['How many', 'How many must be a whole number from 1 to 1000'],
      ['Signs', 'Signs may only use + - x /'],
    ]);
    // all of a worksheet's wrong fields at once, and no program's words (worksheets[1].size, MIN, MAX, (got ...))
    expect(await marked(1)).toEqual([
      ['Width', 'Width must be a whole number from 5 to 20'],
      ['Height', 'Height must be a whole number from 5 to 20'],
    ]);
    expect(await page.textContent('form')).not.toMatch(/worksheets\[|\(got/);
    expect(await page.isHidden('#plan-error')).toBe(true);
    // the first is brought into view with the cursor in it: Make the class set is far below it
    expect(await page.evaluate(() => document.activeElement?.closest('.field')?.querySelector('label')?.textContent)).toBe('How many');
    const box = (await sheet(0).locator('.field.invalid').first().boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    expect(await page.isDisabled('button:has-text("Download the class set")')).toBe(true);
    // put right, the set is made and the marks go
    await sheet(0).getByLabel('How many', { exact: true }).fill('2');
    await sheet(0).getByLabel('Signs', { exact: true }).fill('');
    await sheet(1).getByLabel('Width', { exact: true }).fill('');
    await sheet(1).getByLabel('Height', { exact: true }).fill('');
    await sheet(1).getByLabel('Colours', { exact: true }).fill('9-3');
    expect(await afterChange(page, () => page.click('button:has-text("Make the class set")'))).toBe('Please check the worksheet marked in red.');
    // a range written backwards: what to write, not the program's MIN and MAX
    expect(await marked(1)).toEqual([['Colours', 'Colours 9-3: write the smaller number first, such as 3-9']]);
    expect(await marked(0)).toEqual([]);
    await sheet(1).getByLabel('Colours', { exact: true }).fill('');
    expect(await afterChange(page, () => page.click('button:has-text("Make the class set")'))).toMatch(/^Ready in .*: 2 pupils' PDFs/);
    expect(await page.locator('.sheet-plan .field.invalid').count()).toBe(0);
    // a mistake in a worksheet's own words, found as the deck is made: by those words too
    await page.selectOption('#add-kind', 'dobble');
    await page.click('button:has-text("Add")');
    await sheet(2).getByLabel('Words, one on each line').fill('cat\ncat\ndog');
    expect(await afterChange(page, () => page.click('button:has-text("Make the class set")'))).toBe('Please check the worksheet marked in red.');
    expect(await sheet(2).locator('.invalid .error').textContent()).toBe('Line 2 of your words repeats "cat" from line 1: every symbol must be different');
    expect(await page.isHidden('#plan-error')).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('says on its own worksheet that a large print booklet cannot fit it, not above Make the class set', async () => {
    const page = await s.open('?view=class');
    await page.check('#booklet');
    await page.check('#large-print');
    const sheet = (i: number) => page.locator('.sheet-plan').nth(i);
    await sheet(0).getByLabel('Size', { exact: true }).fill('4');
    await sheet(1).getByLabel('Size', { exact: true }).fill('12');
    await page.click('button:has-text("Make the class set")');
    expect(await settled(page)).toBe('Please check the worksheet marked in red.');
    // the 4x4 Calcudoku fits; the 12x12 Flow, the second worksheet, does not: said on it, as a sentence
    expect(await sheet(1).locator('h3 + .error').textContent()).toMatch(/^Large print: a 12x12 puzzle does not fit on a booklet's half page with its numbers in large print; choose a smaller size, print the booklet unfolded, or leave out large print$/);
    expect(await sheet(0).locator('.error:visible').count()).toBe(0);
    expect(await page.isHidden('#plan-error')).toBe(true);
    const box = (await sheet(1).locator('h3 + .error').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await sheet(1).getByLabel('Size', { exact: true }).fill('5');
    expect(await afterChange(page, () => page.click('button:has-text("Make the class set")'))).toMatch(/^Ready in .*the booklet/);
    expect(await sheet(1).locator('h3 + .error').isHidden()).toBe(true);
  }, 120_000);

  it('says which picture is damaged, and which plan line is wrong, without making anything', async () => {
    const { page } = await s.made('?kind=dobble&symbolsPerCard=3&seed=pics');
    const before = await runs(page);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await page.isVisible('button:has-text("Remove pictures")')).toBe(false);
    await page.setInputFiles('input[type=file][accept*=png]', [1, 2, 3, 4, 5, 6, 7].map((i) => ({ name: `p${i}.png`, mimeType: 'image/png', buffer: png })));
    const said = await settled(page, before);
    expect(said + (await page.textContent('.field.invalid .error').catch(() => ''))).toMatch(/p1\.png/);
    expect(await page.isDisabled('button:has-text("Download PDF")')).toBe(true);
    await page.click('button:has-text("Remove pictures")');
    expect(await page.isVisible('button:has-text("Remove pictures")')).toBe(false);
    expect(await page.textContent('.drop')).toMatch(/No pictures chosen/);

    await page.goto(`${s.url}?view=class`);
    expect(await planError(page, 'week.yaml', 'title: Week\nworksheets:\n  - kind: calcudoku\n    dificulty: hard\n')).toBe('week.yaml was not opened: the form still shows your earlier settings. Line 4 of week.yaml: There is no setting called dificulty for this worksheet; did you mean difficulty?');
  }, 120_000);

  it('says what Open saved settings is for when a class list is opened there by mistake', async () => {
    const page = await s.open('?view=class');
    for (const [name, body] of [
      ['Class 4M.csv', 'Ava\nBen\nChloe\n'],
      ['photo.png', '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR: "['],
    ] as const) {
      // no plan file's words (fields, roster, YAML) for a teacher who only ever saved settings here
      expect(await planError(page, name, Buffer.from(body, 'latin1'))).toBe(`${name} is not a file saved with Save these settings. A class list goes in the Class list box above: paste it, or choose its file under Or open a file.`);
      await page.evaluate(() => ((document.querySelector('#plan-error') as HTMLElement).hidden = true));
    }
    expect(await page.inputValue('#roster')).toBe('');
  }, 120_000);

  it('reads a class list with a heading such as "Pupil name" and blank lines, and takes 2 x 3 for Puzzles a page', async () => {
    const page = await s.open('?view=class');
    await page.fill('#roster', 'Pupil name\nAva\n\nBen\n\n');
    const saved: string[] = [];
    page.on('download', async (d) => saved.push(readFileSync((await d.path())!, 'utf8')));
    await page.click('button:has-text("Save these settings")');
    await expect.poll(() => saved.length, { timeout: 30_000 }).toBe(1);
    expect(saved[0]).toMatch(/^pupils:\n {2}- Ava\n {2}- Ben\n/m);
    expect(await page.isVisible('#roster-error')).toBe(false);
    await page.goto(`${s.url}?kind=calcudoku&size=4&count=6&seed=layout`);
    await settled(page);
    expect(await afterChange(page, () => page.fill('label:has-text("Puzzles a page") + .row input', '2 × 3'))).toMatch(/ready/);
    // a label inside a sentence is a word of it: "choose 4 symbols per card", not "choose 4 Symbols per card"
    await page.goto(`${s.url}?kind=dobble&symbolsPerCard=5&seed=mid`);
    await settled(page);
    const again = await runs(page);
    await page.fill(WORDS_BOX, Array.from({ length: 14 }, (_, i) => `w${i}`).join('\n'));
    await settled(page, again);
    expect(await page.textContent('.own.invalid .error')).toMatch(/or choose 4 symbols per card/);
  }, 120_000);

  it('prints a numbered class list\'s names without their numbers', async () => {
    const page = await s.open('?view=class');
    // as copied from an e-mail or a register: "1. ", "2) ", a number column
    await page.fill('#roster', '1. Ava Smith\n2) Ben Jones\n3\tChloe Brown\n');
    await page.click('button:has-text("Make the class set")');
    expect(await settled(page)).toMatch(/^Ready in .*: 3 pupils' PDFs/);
    expect(await page.locator('.made button.file').evaluateAll((els) => els.map((e) => e.firstChild?.textContent))).toEqual(['Ava-Smith.pdf', 'Ben-Jones.pdf', 'Chloe-Brown.pdf', 'answer-key.pdf', 'all-pupils.pdf']);
    const sheet = pdfText(await downloadOf(page, 'Download Ava-Smith.pdf'));
    expect(sheet).toMatch(/Name:\s+Ava Smith/);
    expect(sheet).not.toMatch(/1\. Ava/);
  }, 120_000);
});
