import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webSession, type WebSession } from './helpers/browser.js';

// A saved settings file that cannot be opened, after one that was: what the form then shows is not
// the file's, and the page says so.
let s: WebSession;

beforeAll(async () => {
  s = await webSession();
}, 60_000);
afterAll(async () => s?.close());

const WEEK1 = 'title: Week 1\nworksheets:\n  - kind: calcudoku\n    size: 5\n  - kind: flow\n    size: 8\n';
const WEEK2 = 'title: Week 2\nbooklet: maybe\nworksheets:\n  - kind: dobble\n';

describe('opening saved settings with a mistake no field shows', () => {
  it('leaves the form as it was and says plainly that the file was not opened', async () => {
    const page = await s.page();
    await page.goto(`${s.url}?view=class`);
    await page.waitForSelector('#plan-file');
    await page.setInputFiles('#plan-file', { name: 'week1.yaml', mimeType: 'application/yaml', buffer: Buffer.from(WEEK1) });
    await page.waitForFunction(() => document.querySelector('.view [role=status] .status-text')?.textContent === 'Opened week1.yaml.');
    await page.setInputFiles('#plan-file', { name: 'week2.yaml', mimeType: 'application/yaml', buffer: Buffer.from(WEEK2) });
    await page.waitForSelector('#plan-error:not([hidden])');
    // the form is week 1's, whole: nothing of week 2 was taken in
    expect(await page.inputValue('label:text-is("Title") + input')).toBe('Week 1');
    expect(await page.$$eval('.sheet-plan h3', (els) => els.map((e) => e.textContent))).toEqual(['Calcudoku', 'Flow']);
    // ...and the message says so before it says what is wrong, so week 1's worksheets are not taken for week 2's
    const said = (await page.textContent('#plan-error'))!;
    expect(said).toMatch(/^week2\.yaml was not opened: the form still shows your earlier settings\. Line 2 of week2\.yaml: /);
    expect(await page.textContent('.view [role=status] .status-text')).toBe('Please check the message marked in red.');
    expect((page as typeof page & { errors: string[] }).errors).toEqual([]);
  }, 120_000);
});
