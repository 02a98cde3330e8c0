import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentPages, explainItems, fromCode, kindPart } from '../src/run.js';
import { renderToBuffer } from '../src/pdf/render.js';
import { Templates } from '../src/layout/templates.js';
import { messages } from '../src/i18n/messages.js';
import { readPages } from './helpers/pdf-words.js';

/**
 * The review's French answer file (Calcudoku 6x6 medium, four puzzles, worked solutions, a title
 * long enough to take two lines) read back with pdftotext: its last page held "4 (suite)" and the
 * closing sentence alone, while the page before had a third of a column free.
 */
const CODES = ['K6MF-3KVXCGT9PA', 'K6MF-59JVXP83RM', 'K6MF-522CWBR7ZH', 'K6MF-V0X49Q1WRP'];
const TITLE = 'Mathématiques CM1 – Entraînement du mardi après-midi avec les élèves de Mme Lefèvre-Dupont, groupe des Écureuils';
const CLOSING = 'Toutes les cases sont remplies : vérifie encore chaque cage avec le corrigé.';

describe('worked solutions: the closing sentence is not left alone on a page', () => {
  it('the review\'s French file: the sentence shares its page with the steps before it, above the footer', async () => {
    const found = CODES.map((c) => fromCode(c));
    const { kind, options } = found[0]!;
    const items = found.map((f, k) => ({ ...f.item, number: k + 1 }));
    const msg = messages('fr');
    const templates = new Templates();
    const explanations = explainItems(kind, options, items, true, msg);
    const part = kindPart(kind, options, items, { paper: 'a4', title: TITLE, explanations, lang: 'fr' }, templates);
    const answers = documentPages([part], 'separate').answers!;
    const dir = mkdtempSync(join(tmpdir(), 'pp-explain-'));
    const file = join(dir, 'key.pdf');
    writeFileSync(file, await renderToBuffer(answers, { paper: 'a4', templates, meta: { title: TITLE, subject: '', keywords: '', lang: 'fr' } }));

    const all = readPages(file).map((p) => p.words);
    // every solution ends with the sentence: the last one is puzzle 4's, on the file's last page
    const at = all.findLastIndex((ws) => ws.map((w) => w.text).join(' ').includes(CLOSING));
    expect(at).toBe(all.length - 1);
    const words = all[at]!;
    const code = words.find((w) => w.text === CODES[3])!; // the label row: "4 (suite)" and the code
    const page = words.find((w, i) => w.text === 'Page' && words[i + 2]?.text === 'sur')!;
    expect(code).toBeDefined();
    expect(page).toBeDefined();
    // below the label, not on the footer's row (the title and "Page 5 sur 5")
    const body = words.filter((w) => w.y0 > code.y1 && Math.abs(w.y0 - page.y0) > 2);
    // more than the sentence: the steps before it are on the same page
    expect(body.length).toBeGreaterThan(CLOSING.split(' ').length + 20);
    // and none of them reaches the footer
    for (const w of body) expect(w.y1, w.text).toBeLessThan(page.y0 - 4);
  }, 60_000);
});
