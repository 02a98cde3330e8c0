// Writes web/generated/: icons.json, only the pictures the built-in symbol sets use (a few hundred
// kilobytes of art instead of the icon package's nine megabytes), and forms.json, every kind's
// form as the library describes it, so the page can show its forms before the worker has loaded.
import '../../src/port/node.js';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setSymbols } from '../../src/pdf/symbols.js';
import { kindForms } from '../../src/form.js';
import { languages, messages } from '../../src/i18n/messages.js';
import { fallbackFiles, rangeFiles, webFontPath } from '../../src/pdf/fallback.js';
import { FONT_CHOICES } from '../../src/pdf/fonts.js';
import { port } from '../../src/port/index.js';

const full = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8'));
const used = [...new Set(setSymbols('all').flatMap((s) => (s.kind === 'icon' ? [s.icon] : [])))].sort();
const icons = Object.fromEntries(used.map((n) => [n, full.icons[n]]));
const missing = used.filter((n) => !full.icons[n]);
if (missing.length) throw new Error(`icons missing from the package: ${missing.join(', ')}`);
const out = new URL('../generated/', import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(new URL('icons.json', out), JSON.stringify({ prefix: full.prefix, width: full.width, height: full.height, icons }));
writeFileSync(new URL('forms.json', out), JSON.stringify(kindForms()));
// The page's language list, from the message files found in messages/ (the worker bundles the files themselves).
const langs = languages().map((code) => ({ code, name: messages(code).t('language.name'), title: messages(code).t('batch.defaultTitle') }));
writeFileSync(new URL('languages.json', out), JSON.stringify(langs));
// Fonts for other scripts: copied beside the page (public/ goes into dist/web as it is) and
// fetched only when a text needs them; fonts.json lists them for the worker.
// An optional font package left out of the install is left out here too; the page then refuses
// that script's text as the command line does.
const chosen = Object.values(FONT_CHOICES).flatMap((c) => (c ? Object.values(c).flatMap((faces) => faces.map((f) => f.file)) : []));
// Andika too: the npm package has it in fonts/ already, so the page's copy is left out of it.
const andika = ['Regular', 'Bold', 'Italic'].map((style) => `fonts/Andika-${style}.ttf`);
const fonts = [...new Set([...andika, ...rangeFiles(), ...fallbackFiles(), ...chosen])].filter((file) => {
  try {
    const to = new URL(`../public/fonts/${webFontPath(file)}`, import.meta.url);
    const bytes = port().asset(file);
    mkdirSync(new URL('.', to), { recursive: true });
    writeFileSync(to, bytes);
    return true;
  } catch {
    return false;
  }
});
writeFileSync(new URL('fonts.json', out), JSON.stringify(fonts));
console.log(`web/generated: ${used.length} icons, forms of ${kindForms().length} kinds, ${langs.length} languages, ${fonts.length} script font files`);
