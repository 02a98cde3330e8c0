// The library's mistakes as the page shows them: by the field and worksheet the library found them
// in (UserError's place), in the page's words.
import type { UserError } from '../../src/core/errors.js';
import { OWN_SYMBOLS_NEEDED } from '../../src/kinds/dobble/deck.js';
import type { Problem, Reply } from './protocol.js';

/** A typed word list is a file only inside the page (words.txt): the teacher knows it as their words. */
const OWN_WORDS = /^(?:[\w-]+\/)*words\.txt (line|word) (\d+)(:?)/;
/** The teacher's chosen pictures and font file, named inside the page (sheet1/pictures/cat.png, my-font/x.ttf). */
const OWN_PICTURES = /^(?:[\w-]+\/)*pictures\/(.+)$/;
const OWN_FONT = /^my-font\/(.+)$/;

/**
 * The library's message in the page's words: the teacher's files by the names they chose (not the
 * page's inner paths), and what to do on the page, not with command-line options. Still read from
 * the words: the paths are the page's own (it chose them when it handed the files over), and the
 * library names a file in its messages as the command line shows it, with no separate subject.
 */
function pageWords(message: string, files: string[]): string {
  let m = message
    .replace(OWN_WORDS, (_, at: string, n: string, colon: string) => (at === 'line' ? `Line ${n} of your words${colon}` : `Word ${n} of your list${colon}`))
    .replace(/^--symbols (?:[\w-]+\/)*words\.txt has/, 'Your list has')
    .replace(/^--symbols (?:[\w-]+\/)*pictures has (\d+) pictures?/, (_, n: string) => `You chose ${n} ${n === '1' ? 'picture' : 'pictures'}`)
    .replace(/^--symbols (?:[\w-]+\/)*pictures: the folder has no PNG, JPEG or SVG pictures/, 'None of the files you chose is a PNG, JPEG or SVG picture')
    .replace(/: give a \.txt word list or a folder of PNG, JPEG or SVG pictures with --symbols$/, ': choose another picture, or save this one smaller')
    .replace(/: give a TrueType \(\.ttf\) or OpenType \(\.otf\) font file, or a font name$/, ': choose a TrueType (.ttf) or OpenType (.otf) font file, or a font from the list');
  // longest first: sheet1/pictures/cat.png before a shorter name inside it
  for (const f of [...files].sort((a, b) => b.length - a.length)) {
    const name = OWN_PICTURES.exec(f)?.[1] ?? OWN_FONT.exec(f)?.[1];
    if (!name || !m.includes(f)) continue;
    const picture = OWN_PICTURES.test(f);
    m = m.startsWith(`--font ${f}`) ? `The file ${name}${m.slice(`--font ${f}`.length)}` : m.startsWith(f) ? `The ${picture ? 'picture' : 'font file'} ${name}${m.slice(f.length)}` : m.split(f).join(name);
  }
  return m.replace(/^The picture (.+?) and (?:the picture )?(.+?) have the same name/, 'The pictures $1 and $2 have the same name');
}

const OWN_SYMBOLS_WORDS = 'This deck was made from your own words or pictures: give the same ones again here, then press Show the answer';

/** A mistake as the page shows it: by its field and worksheet, as the library found them, in the page's words. */
export function problem(e: UserError, files: string[]): Problem {
  // a deck's code made from the teacher's own symbols: on the page they are given again in the box beside the code
  const words = e.reason === OWN_SYMBOLS_NEEDED ? OWN_SYMBOLS_WORDS : pageWords(e.words ?? e.message, files);
  return {
    message: words,
    ...(e.field !== undefined ? { field: e.field } : {}),
    ...(e.sheet !== undefined ? { sheet: e.sheet } : {}),
    ...(e.line !== undefined ? { line: e.line } : {}),
    ...(e.fixes?.length ? { fixes: e.fixes } : {}),
    ...(e.said ? { said: e.said } : {}),
  };
}

export function errorReply(id: number, err: UserError, files: string[] = []): Extract<Reply, { type: 'error' }> {
  return { id, type: 'error', ...problem(err, files), ...(err.more.length ? { more: err.more.map((m) => problem(m, files)) } : {}) };
}

