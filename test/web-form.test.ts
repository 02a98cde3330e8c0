import { describe, expect, it } from 'vitest';
import { afterChange, fileSession, pageErrors } from './helpers/browser.js';

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
});
