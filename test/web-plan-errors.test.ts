import { describe, expect, it } from 'vitest';
import { choosePlan, fileSession, pageErrors, planError } from './helpers/browser.js';
import { cli } from './helpers/cli.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A settings file edited by hand and opened on the class set page (the built page, in Chromium).
const s = fileSession();

const PLAN = 'title: Week\npaper: a4\nworksheets:\n  - kind: calcudoku\n    size: 50\n  - kind: flow\n    size: 8\n';

describe('a hand-edited settings file', () => {
  it('opens with its wrong field marked in the page\'s words, where the command line names its line and field', async () => {
    // the command line's one line is the program's, which the page must not show
    const cwd = mkdtempSync(join(tmpdir(), 'pp-plan-err-'));
    writeFileSync(join(cwd, 'w.yaml'), PLAN);
    const r = cli(['batch', 'w.yaml', '--out', 'out'], cwd);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('puzzlepress: w.yaml:5: worksheets[0].size: must be a whole number from 3 to 12 (got 50)');

    const page = await s.open('?view=class');
    await choosePlan(page, 'w.yaml', PLAN);
    await page.waitForSelector('.sheet-plan .field.invalid');
    const sheet = (i: number) => page.locator('.sheet-plan').nth(i);
    // opened as written: both worksheets, the wrong size in its box, marked by its label's name
    expect(await page.locator('.sheet-plan').count()).toBe(2);
    expect(await sheet(0).getByLabel('Size', { exact: true }).inputValue()).toBe('50');
    const marked = await sheet(0)
      .locator('.field.invalid')
      .evaluateAll((els) => els.map((e) => [e.querySelector('label')?.textContent, e.querySelector('.error')?.textContent]));
    expect(marked).toEqual([['Size', 'Size must be a whole number from 3 to 12']]);
    expect(await sheet(1).locator('.field.invalid').count()).toBe(0);
    expect(await page.textContent('form')).not.toMatch(/worksheets\[|w\.yaml:|\(got|--size/);
    expect(await page.isHidden('#plan-error')).toBe(true);
    expect(await page.textContent('.view [role=status] .status-text')).toBe('Please check the worksheet marked in red.');
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('names the line of a mistake no field shows, without the program\'s place', async () => {
    const page = await s.open('?view=class');
    expect(await planError(page, 'w.yaml', PLAN.replace('paper: a4', 'paper: a5'))).toBe('w.yaml was not opened: the form still shows your earlier settings. Line 2 of w.yaml: Paper must be a4 or letter');
  }, 120_000);

  it('takes down the last plan\'s red fields when the next one\'s mistake has no field', async () => {
    const page = await s.open('?view=class');
    await choosePlan(page, 'w.yaml', PLAN);
    await page.waitForSelector('.sheet-plan .field.invalid');
    // a mistake of the plan as a whole: the worksheets are not opened again, so the old ones stay in the form
    expect(await planError(page, 'v.yaml', PLAN.replace('paper: a4', 'colour: red'))).toMatch(/^v\.yaml was not opened: .* Line 2 of v\.yaml: There is no setting called colour$/);
    expect(await page.locator('.sheet-plan').count()).toBe(2);
    expect(await page.locator('.sheet-plan').first().getByLabel('Size', { exact: true }).inputValue()).toBe('50');
    expect(await page.locator('.sheet-plan .field.invalid').count()).toBe(0);
    expect(await page.locator('.sheet-plan.wrong').count()).toBe(0);
    expect(await page.locator('.sheet-plan .error:not([hidden])').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);
});
