import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { afterChange, choosePlan, fileSession, pageErrors, planError } from './helpers/browser.js';
import { readPages } from './helpers/pdf-words.js';

// A teacher's review of the page's forms (Worksheets and Class set), in Chromium.
const s = fileSession();

describe('the forms as a teacher fills them in', () => {
  it('class set: letters in a worksheet\'s How many are said by the box, and nothing is made', async () => {
    const page = await s.open('?view=class');
    const count = page.locator('.sheet-plan').nth(1).getByLabel('How many', { exact: true });
    // Chromium keeps only the "e" of "ten" in a number box and reads it as no number at all
    await count.fill('');
    await count.pressSequentially('ten');
    expect(await afterChange(page, () => page.click('button:has-text("Make the class set")'))).toBe('Please check the worksheet marked in red.');
    const field = page.locator('.sheet-plan').nth(1).locator('.field.invalid');
    expect(await field.locator('label').allTextContents()).toEqual(['How many']);
    expect(await field.locator('.error').textContent()).toBe('How many must be a whole number from 1 to 1000');
    expect(await count.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.isDisabled('button:has-text("Download the class set")')).toBe(true);
    // put right, the set is made and the mark goes
    await count.fill('2');
    expect(await afterChange(page, () => page.click('button:has-text("Make the class set")'))).toMatch(/^Ready in /);
    expect(await page.locator('.sheet-plan .field.invalid').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('worksheets: on a phone the names in the message above the pages are buttons a finger can hit', async () => {
    const { page, status } = await s.made('?kind=calcudoku&size=99&count=5000&layout=9x9&seed=form-tap', 390, 844);
    expect(status).toBe('Please check the 3 options marked in red: Size, How many, Puzzles a page.');
    await page.locator('.view [role=status]').scrollIntoViewIfNeeded();
    const boxes = await page.locator('.view [role=status] .to-field').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(3);
    for (const [i, b] of boxes.entries()) {
      expect(b.height, `name ${i + 1}: 44 px tall`).toBeGreaterThanOrEqual(44);
      expect(b.width, `name ${i + 1}: 44 px wide`).toBeGreaterThanOrEqual(44);
      // and none on top of another
      for (const c of boxes.slice(i + 1)) expect(b.right <= c.left || c.right <= b.left || b.bottom <= c.top || c.bottom <= b.top).toBe(true);
    }
    // a tap a little off a name's middle still takes the cursor to its field
    const how = boxes[1]!;
    await page.mouse.click(how.left + how.width / 2, how.top + 6);
    expect(await page.locator('label:text-is("How many") + .row input').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('dobble: a message about the pictures chosen is named for them and leads to their file box, not the words box', async () => {
    // a 1x1 PNG: pictures the deck takes, too few of them for 57 cards
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    for (const [w, h] of [[1280, 900], [390, 844]] as const) {
      const { page } = await s.made('?kind=dobble&seed=form-pics', w, h);
      const pictures = 'input[type=file][accept*=png]';
      const said = await afterChange(page, () => page.setInputFiles(pictures, [1, 2, 3].map((i) => ({ name: `p${i}.png`, mimeType: 'image/png', buffer: png }))));
      expect(said).toBe('Please check the option marked in red: Your own pictures.');
      await page.locator('.view [role=status]').scrollIntoViewIfNeeded();
      await page.locator('.view [role=status] .to-field').click();
      expect(await page.locator(pictures).evaluate((el) => el === document.activeElement), `the pictures' box has the cursor at ${w} px`).toBe(true);
      await expect.poll(() => page.locator(pictures).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
      })).toBe(true);
      // Make the puzzles takes the cursor there too
      await page.click('button:has-text("Make the puzzles")');
      await expect.poll(() => page.locator(pictures).evaluate((el) => el === document.activeElement)).toBe(true);
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    }
  }, 120_000);

  it('class set: a worksheet whose pictures were not kept puts the cursor in the pictures\' box', async () => {
    const page = await s.open('?view=class');
    // saved settings name the teacher's pictures, which a file cannot carry
    await page.setInputFiles('#plan-file', { name: 'w.yaml', mimeType: 'application/yaml', buffer: Buffer.from('title: W\nworksheets:\n  - kind: dobble\n    symbols: pictures\n') });
    await page.waitForSelector('.view [role=status]:has-text("Opened w.yaml")');
    expect(await afterChange(page, () => page.click('button:has-text("Make the class set")'))).toBe('Please check the worksheet marked in red.');
    expect(await page.locator('.sheet-plan .field.invalid .error').textContent()).toBe('Your pictures were not kept: choose them again');
    expect(await page.locator('.sheet-plan input[type=file][accept*=png]').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('flow: an empty Size shows the size that is made, as Width and Height do', async () => {
    const { page, status } = await s.made('?kind=flow&seed=form-size');
    expect(status).toMatch(/^Flow · 8×8 · medium: /);
    const grey = (label: string) => page.getAttribute(`label:text-is("${label}") + input`, 'placeholder');
    expect([await grey('Size'), await grey('Width'), await grey('Height')]).toEqual(['8', '8', '8']);
    // a size typed is what Width and Height show
    expect(await afterChange(page, () => page.fill('label:text-is("Size") + input', '10'))).toMatch(/^Flow · 10×10 · medium: /);
    expect([await grey('Width'), await grey('Height')]).toEqual(['10', '10']);
    // Fultiples' Size, Columns and Rows are as they were
    const other = await s.open('?kind=fultiples');
    expect(await other.getAttribute('label:text-is("Size") + input', 'placeholder')).toBe('10');
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('class set: a saved settings file that cannot be opened is said under Open saved settings, on the screen', async () => {
    for (const [w, h] of [[1280, 900], [820, 1180], [390, 844]] as const) {
      const page = await s.open('?view=class', w, h);
      await page.locator('#plan-file').scrollIntoViewIfNeeded();
      const said = await planError(page, 'week2.yaml', 'title: Week 2\nbooklet: maybe\nworksheets:\n  - kind: flow\n');
      expect(said).toMatch(/^week2\.yaml was not opened: /);
      await page.waitForTimeout(300); // brought into view smoothly or not: where it ends up
      const [file, error] = await Promise.all(['#plan-file', '#plan-error'].map((q) => page.locator(q).evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect)));
      // right under the file box, with nothing between them, and both on the screen
      expect(error!.top - file!.bottom, `at ${w} px`).toBeGreaterThanOrEqual(0);
      expect(error!.top - file!.bottom, `at ${w} px`).toBeLessThan(24);
      for (const r of [file!, error!]) expect(r.top >= 0 && r.bottom <= h, `on the screen at ${w} px`).toBe(true);
      await page.context().close();
    }
  }, 120_000);

  it('class set: the class typed under Class is printed on every pupil\'s Class line, and kept in saved settings', async () => {
    const page = await s.open('?view=class');
    expect(await page.getByLabel('Class', { exact: true }).getAttribute('placeholder')).toBe('for example 5B');
    await page.getByLabel('Class', { exact: true }).fill('5B');
    await page.fill('#roster', 'Ava Smith\nBen Jones\n');
    expect(await afterChange(page, () => page.click('button:has-text("Make the class set")'))).toMatch(/^Ready in .*2 pupils' PDFs/);
    const [zip] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Download the class set")')]);
    const files = unzipSync(readFileSync((await zip.path())!));
    const dir = mkdtempSync(join(tmpdir(), 'pp-form-'));
    for (const name of ['Ava-Smith.pdf', 'Ben-Jones.pdf']) {
      writeFileSync(join(dir, name), files[name]!);
      // every page: the word after "Class:" on its line is the class
      for (const [i, p] of readPages(join(dir, name)).entries()) {
        const label = p.words.find((w) => w.text === 'Class:');
        expect(label, `${name} page ${i + 1}`).toBeDefined();
        const after = p.words.filter((w) => Math.abs(w.y0 - label!.y0) < 3 && w.x0 > label!.x1).sort((a, b) => a.x0 - b.x0);
        expect(after[0]?.text, `${name} page ${i + 1}`).toBe('5B');
      }
    }
    // saved settings keep it, and open with it
    const [saved] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Save these settings")')]);
    const yaml = readFileSync((await saved.path())!, 'utf8');
    expect(yaml).toMatch(/^class: 5B$/m);
    const other = await s.open('?view=class');
    await choosePlan(other, 'week.yaml', yaml);
    await other.waitForSelector('.view [role=status]:has-text("Opened week.yaml")');
    expect(await other.getByLabel('Class', { exact: true }).inputValue()).toBe('5B');
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it("class set: a pasted list's Class column gives each pupil their class and tells two Sam Lees apart, and is kept in saved settings", async () => {
    const page = await s.open('?view=class');
    const list = 'Name,Class\nSam Lee,5B\nSam Lee,6A';
    await page.fill('#roster', `${list}\n`);
    expect(await afterChange(page, () => page.click('button:has-text("Make the class set")'))).toMatch(/^Ready in .*2 pupils' PDFs/);
    const [zip] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Download the class set")')]);
    const files = unzipSync(readFileSync((await zip.path())!));
    expect(Object.keys(files).filter((f) => f.startsWith('Sam')).sort()).toEqual(['Sam-Lee-5B.pdf', 'Sam-Lee-6A.pdf']);
    const dir = mkdtempSync(join(tmpdir(), 'pp-form-'));
    writeFileSync(join(dir, 'six.pdf'), files['Sam-Lee-6A.pdf']!);
    const first = readPages(join(dir, 'six.pdf'))[0]!;
    const label = first.words.find((w) => w.text === 'Class:')!;
    expect(first.words.filter((w) => Math.abs(w.y0 - label.y0) < 3 && w.x0 > label.x1)[0]?.text).toBe('6A');
    const [saved] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Save these settings")')]);
    const yaml = readFileSync((await saved.path())!, 'utf8');
    expect(yaml).toMatch(/class: 6A/);
    const other = await s.open('?view=class');
    await choosePlan(other, 'week.yaml', yaml);
    await other.waitForSelector('.view [role=status]:has-text("Opened week.yaml")');
    expect(await other.inputValue('#roster')).toBe(list);
    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(other)).toEqual([]);
  }, 120_000);

  it('dobble: an empty Card size or Bleed says what is made, not a blank box', async () => {
    const page = await s.open('?kind=dobble&seed=form-grey');
    const grey = (label: string) => page.getAttribute(`label:text-is("${label}") + input`, 'placeholder');
    expect(await grey('Card size')).toBe('six cards a page');
    expect(await grey('Bleed')).toBe('none: no crop marks');
  }, 120_000);

  it('class set: on a phone each file made is a button a finger can hit', async () => {
    const page = await s.open('?view=class', 390, 844);
    await page.fill('#roster', 'Ava Smith\nBen Jones\n');
    expect(await afterChange(page, () => page.click('button:has-text("Make the class set")'))).toMatch(/^Ready in /);
    const boxes = await page.locator('.made button.file').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(4); // two pupils, the key, all the pupils' pages to print
    for (const [i, b] of boxes.entries()) {
      expect(b.height, `file ${i + 1}: 44 px tall`).toBeGreaterThanOrEqual(44);
      const next = boxes[i + 1];
      if (next) expect(next.top, `file ${i + 2} below file ${i + 1}`).toBeGreaterThanOrEqual(b.bottom);
    }
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('in a contrast theme the chosen puzzle, view and preview tab still look chosen', async () => {
    const page = await s.page(390, 844);
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto(`${s.url}?kind=flow&seed=form-contrast`);
    await page.waitForSelector('#kind-flow:checked');
    // what a contrast theme keeps of each: the frame's width, the words' underline, the tab's line
    const look = (q: string) => page.locator(q).evaluate((el) => {
      const c = getComputedStyle(el);
      return `${c.borderTopWidth} ${c.textDecorationLine} ${c.borderBottomColor}`;
    });
    expect(await look('label[for=kind-flow]')).not.toBe(await look('label[for=kind-calcudoku]'));
    expect(await look('nav button[data-view=sheet]')).not.toBe(await look('nav button[data-view=class]'));
    expect(await look('#tab-sheet')).not.toBe(await look('#tab-key'));
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);
});
