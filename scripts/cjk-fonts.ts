// Builds fonts/noto-sans-sc-common and fonts/noto-sans-kr-common: the commonly used Chinese,
// Japanese and Korean characters of Noto Sans SC and KR (OFL), cut from the full fonts' npm
// packages (devDependencies here), slice by slice, so a plain install prints Chinese without the
// 9 MB of the full fonts. Run `npm run fonts:cjk` after changing a package version or the sets below;
// the same packages and subset-font version give the same files.
//
// The sets come from the national standards' character tables, read with the browser/Node
// decoders of their encodings (so no list is copied in):
// - Chinese: GB 2312 level 1 (the 3,755 most used hanzi) and its symbol rows;
// - Japanese: kana and JIS X 0208 level 1 (2,965 kanji) and its symbol rows;
// - Korean: the 2,350 hangul syllables of KS X 1001 and the compatibility jamo;
// - CJK punctuation, full-width forms, and every such character in our message files.
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const subsetFont = require('subset-font') as (font: Buffer, text: string, options: { targetFormat: 'woff2' }) => Promise<Buffer>;
const root = fileURLToPath(new URL('../', import.meta.url));

/** The characters of rows `from`..`to` of a 94x94 double-byte table (EUC form: both bytes 0xA1-0xFE). */
function rows(encoding: string, from: number, to: number): string[] {
  const decode = new TextDecoder(encoding, { fatal: true });
  const out: string[] = [];
  for (let a = 0xa0 + from; a <= 0xa0 + to; a++) {
    for (let b = 0xa1; b <= 0xfe; b++) {
      try {
        const s = decode.decode(new Uint8Array([a, b]));
        if ([...s].length === 1) out.push(s);
      } catch {
        // an empty place in the table
      }
    }
  }
  return out;
}

function span(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
}

const messageChars = readdirSync(join(root, 'messages')).flatMap((f) => [...readFileSync(join(root, 'messages', f), 'utf8')]);

const SETS = {
  sc: [
    ...rows('gbk', 1, 9), // GB 2312 symbols, kana, full-width letters
    ...rows('gbk', 16, 55), // GB 2312 level 1 hanzi
    ...rows('euc-jp', 1, 8), // JIS X 0208 symbols and kana
    ...rows('euc-jp', 16, 47), // JIS X 0208 level 1 kanji
    ...span(0x3000, 0x30ff), // CJK punctuation, hiragana, katakana
    ...span(0xff00, 0xffef), // full-width and half-width forms
    ...messageChars,
  ],
  kr: [...rows('euc-kr', 16, 40), ...span(0x3131, 0x318e), ...messageChars.filter((c) => /\p{Script=Hangul}/u.test(c))], // KS X 1001 hangul, jamo
};

function parseRanges(v: string): [number, number][] {
  return v.split(',').map((part) => {
    const m = /U\+([0-9a-f]+)(?:-([0-9a-f]+))?/i.exec(part.trim())!;
    const a = parseInt(m[1]!, 16);
    return [a, m[2] ? parseInt(m[2], 16) : a];
  });
}

function formatRanges(cps: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < cps.length; ) {
    let j = i;
    while (j + 1 < cps.length && cps[j + 1] === cps[j]! + 1) j++;
    const hex = (n: number) => n.toString(16);
    out.push(j > i ? `U+${hex(cps[i]!)}-${hex(cps[j]!)}` : `U+${hex(cps[i]!)}`);
    i = j + 1;
  }
  return out.join(',');
}

async function build(script: 'sc' | 'kr'): Promise<void> {
  const pkg = `@fontsource-variable/noto-sans-${script}`;
  const from = dirname(require.resolve(`${pkg}/LICENSE`));
  const version = (JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as { version: string }).version;
  const to = join(root, 'fonts', `noto-sans-${script}-common`);
  rmSync(to, { recursive: true, force: true });
  mkdirSync(join(to, 'files'), { recursive: true });
  const wanted = [...new Set(SETS[script].map((c) => c.codePointAt(0)!))].filter((cp) => cp > 0x7f).sort((a, b) => a - b);
  const table = JSON.parse(readFileSync(join(from, 'unicode.json'), 'utf8')) as Record<string, string>;
  const out: Record<string, string> = {};
  let bytes = 0;
  let chars = 0;
  for (const [slice, v] of Object.entries(table)) {
    if (!/^\[\d+\]$/.test(slice)) continue;
    const r = parseRanges(v);
    const mine = wanted.filter((cp) => r.some(([a, b]) => cp >= a && cp <= b));
    if (!mine.length) continue;
    const file = `files/noto-sans-${script}-${slice.slice(1, -1)}-wght-normal.woff2`;
    const font = await subsetFont(readFileSync(join(from, file)), String.fromCodePoint(...mine), { targetFormat: 'woff2' });
    writeFileSync(join(to, file), font);
    out[slice] = formatRanges(mine);
    bytes += font.length;
    chars += mine.length;
  }
  writeFileSync(join(to, 'unicode.json'), `${JSON.stringify(out, null, 2)}\n`);
  copyFileSync(join(from, 'LICENSE'), join(to, 'LICENSE'));
  writeFileSync(
    join(to, 'README.md'),
    `The commonly used characters of Noto Sans ${script.toUpperCase()} (SIL Open Font License 1.1, see LICENSE), cut from ${pkg} ${version} by scripts/cjk-fonts.ts.\nFor every character: npm install ${pkg}\n`,
  );
  console.log(`${pkg} ${version}: ${chars} characters in ${Object.keys(out).length} files, ${bytes} bytes`);
}

await build('sc');
await build('kr');
