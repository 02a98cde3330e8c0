import { MissingAsset, port, text as utf8 } from '../port/index.js';
import { atWeight, keepLetters, type FkFont } from './woff2.js';

/**
 * The fonts tried, in order, for characters the page's own font does not have. Each is an OFL font
 * from an npm package that ships one small file per script (or per slice of a few hundred Chinese
 * or Korean characters), so a page loads only the files its text needs; the web page fetches them
 * the same way, when a script first appears. Their unicode.json says which file holds which
 * characters, so nothing is opened to find out.
 */
interface Source {
  /** Where its unicode.json and files are: an npm package (NPM + name) or a folder we ship. */
  dir: string;
  /** For a package that may be missing from an install: its name, what it prints, and the characters it is for. */
  optional?: { pkg: string; what: string; chars: RegExp };
  /** Which of the package's slices (keys of its unicode.json) this source uses. */
  slices: (key: string) => boolean;
  /** The file of one slice. */
  file: (slice: string) => string;
}

const noto = (script: string, slices: string[]): Source => ({
  dir: `${NPM}@fontsource-variable/noto-sans-${script}`,
  slices: (k) => slices.includes(k),
  file: (s) => `files/noto-sans-${script}-${s}-wght-normal.woff2`,
});

const cjk = (script: string, what: string, chars: RegExp): Source[] => {
  const slices = (k: string) => /^\[\d+\]$/.test(k);
  const file = (s: string) => `files/noto-sans-${script}-${s.slice(1, -1)}-wght-normal.woff2`;
  const pkg = `@fontsource-variable/noto-sans-${script}`;
  return [
    { dir: `${NPM}${pkg}`, optional: { pkg, what, chars }, slices, file },
    // the commonly used characters, cut from the same fonts by scripts/cjk-fonts.ts, same file names
    { dir: `fonts/noto-sans-${script}-common`, slices, file },
  ];
};

/** Asset paths of files inside npm packages start with this; the port finds the package. */
export const NPM = 'npm:';

export const SOURCES: Source[] = [
  // Greek: Andika has only the few letters used in maths; Didact Gothic was drawn for learning to read
  { dir: `${NPM}@fontsource/didact-gothic`, slices: (k) => k === 'greek' || k === 'greek-ext', file: (s) => `files/didact-gothic-${s}-400-normal.woff2` },
  // Arabic: Vazirmatn draws each letter whole (Noto Sans Arabic builds dotted letters from parts,
  // so text copied out of the PDF came back with the wrong letters)
  { dir: `${NPM}@fontsource-variable/vazirmatn`, slices: (k) => k === 'arabic', file: () => 'files/vazirmatn-arabic-wght-normal.woff2' },
  noto('hebrew', ['hebrew']),
  noto('devanagari', ['devanagari']),
  noto('thai', ['thai']),
  // Simplified Chinese first: it also holds the kana and most kanji of Japanese.
  // The full CJK fonts are 9 MB, more than the rest of the install's growth allows: we ship their
  // commonly used characters (2 MB) and use the full fonts when a teacher installs them; a rarer
  // character is refused, naming the package to install.
  ...cjk('sc', 'Chinese and Japanese', /[\u2e80-\u2fdf\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef\u{20000}-\u{3ffff}]/u),
  ...cjk('kr', 'Korean', /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/),
  // Emoji last, in black and white (a title "Week 3 ⭐" was refused): ink is one colour, and a
  // colour emoji printed in grey loses its shape where this one keeps its outline.
  { dir: `${NPM}@fontsource-variable/noto-emoji`, slices: (k) => /^\[\d+\]$/.test(k), file: (s) => `files/noto-emoji-${s.slice(1, -1)}-wght-normal.woff2` },
];

type Ranges = { file: string; ranges: number[] }[]; // flat [start, end, start, end, ...]

const rangesOf = new Map<Source, Ranges>();

function ranges(src: Source): Ranges {
  let r = rangesOf.get(src);
  if (!r) {
    const table = coverage(src);
    r = Object.entries(table)
      .filter(([k]) => src.slices(k))
      .map(([k, v]) => ({
        file: `${src.dir}/${src.file(k)}`,
        ranges: v.split(',').flatMap((part) => {
          const m = /U\+([0-9a-f]+)(?:-([0-9a-f]+))?/i.exec(part.trim());
          if (!m) return [];
          const a = parseInt(m[1]!, 16);
          return [a, m[2] ? parseInt(m[2], 16) : a];
        }),
      }));
    rangesOf.set(src, r);
  }
  return r;
}

const absent = new Set<Source>();

/** A source's table of which file holds which characters; empty when an optional package is not installed. */
function coverage(src: Source): Record<string, string> {
  try {
    return JSON.parse(utf8(port().asset(`${src.dir}/unicode.json`))) as Record<string, string>;
  } catch (e) {
    if (e instanceof MissingAsset || !src.optional) throw e;
    absent.add(src);
    return {};
  }
}

/** What to install to print these characters, when an optional font package is missing. */
export function missingPackage(chars: string[]): string | undefined {
  const o = SOURCES.find((s) => absent.has(s) && chars.some((c) => s.optional!.chars.test(c)))?.optional;
  return o && `only the common ${o.what} characters come with puzzlepress: run npm install ${o.pkg} for all of them`;
}

/** The file of the chain that should hold `cp`, or undefined. Files are listed in the order to try. */
function filesFor(cp: number): string[] {
  const out: string[] = [];
  for (const src of SOURCES) {
    for (const { file, ranges: r } of ranges(src)) {
      for (let i = 0; i < r.length; i += 2) {
        if (cp >= r[i]! && cp <= r[i + 1]!) {
          out.push(file);
          break;
        }
      }
    }
  }
  return out;
}

const candidates = new Map<number, string[]>();

export function candidateFiles(cp: number): string[] {
  let c = candidates.get(cp);
  if (!c) candidates.set(cp, (c = filesFor(cp)));
  return c;
}

const fonts = new Map<string, FkFont>();

/** A font file opened at a weight, shared by every document of this thread. */
export function openFont(file: string, weight: number): FkFont {
  const key = `${file}@${weight}`;
  let f = fonts.get(key);
  if (!f) {
    const bytes = port().asset(file);
    f = keepLetters(atWeight(parseFont(bytes), bytes, weight));
    fonts.set(key, f);
  }
  return f;
}

/** fontkit, reached through PDFKit: the one parser both sides already load. */
export function parseFont(bytes: Uint8Array): FkFont {
  const probe = new (port().PDFDocument)({ autoFirstPage: false, font: null } as never) as unknown as { registerFont(id: string, src: unknown): void; font(id: string): void; _font: { font: FkFont } };
  probe.registerFont('probe', bytes);
  probe.font('probe');
  return probe._font.font;
}

/** The coverage tables of every source, for the web page to fetch as it starts. */
export function rangeFiles(): string[] {
  return SOURCES.map((src) => `${src.dir}/unicode.json`);
}

/** The coverage tables of packages that may be missing from an install (the web page goes on without them). */
export function optionalTables(): string[] {
  return SOURCES.filter((src) => src.optional).map((src) => `${src.dir}/unicode.json`);
}

/** Where the web page keeps a shipped font file, under its fonts/ folder: npm files under the package's name. */
export function webFontPath(file: string): string {
  return file.startsWith(NPM) ? file.slice(NPM.length) : file.replace(/^fonts\//, '');
}

/** Every file the chain may load (the web build copies them beside the page). */
export function fallbackFiles(): string[] {
  return SOURCES.flatMap((src) => ranges(src).map((r) => r.file));
}

/**
 * Makes sure every font file `text` may need is at hand, asking for all missing ones at once: the
 * web page fetches files when asked, and a Chinese word list would otherwise ask one slice at a time.
 */
export function prepareFonts(text: string): void {
  const missing = new Set<string>();
  const tables = rangeFiles().filter((f) => !has(f));
  if (tables.length) throw new MissingAsset(tables[0]!, tables);
  for (const ch of new Set(text)) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) continue;
    // the first file that lists the character nearly always has it; others load if it does not
    const file = candidateFiles(cp)[0];
    if (file && !has(file)) missing.add(file);
  }
  if (missing.size) {
    const [first, ...rest] = [...missing];
    throw new MissingAsset(first!, rest);
  }
}

const present = new Set<string>();

function has(file: string): boolean {
  if (present.has(file)) return true;
  try {
    port().asset(file);
    present.add(file);
    return true;
  } catch (e) {
    if (e instanceof MissingAsset) return false;
    return true; // not to be fetched: a package left out of the install (see coverage)
  }
}

/** A font a document tries before the script fonts: the rest of a chosen family, then Andika. */
export interface ChainFont {
  id: string;
  font: FkFont;
}

/** Per document, for each style, the fonts after the page's own (only when a font was chosen). */
export const docChains = new WeakMap<object, Record<string, ChainFont[]>>();
