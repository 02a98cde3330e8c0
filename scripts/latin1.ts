/**
 * `code` with every character beyond Latin-1 written as a \uXXXX escape (a character beyond the
 * BMP as its two halves), which JavaScript reads as the same character in strings, templates,
 * regular expressions (with or without the u flag) and identifiers of the BMP; in comments it is
 * only text. V8 keeps a script's source for as long as its functions live, one byte a character
 * when every character is Latin-1 and two bytes otherwise: the batch worker's 2.9 MB bundle held
 * ~70 such characters (fontkit's comments, our line-breaking regular expressions), so each worker
 * kept 5.7 MB of source where 2.9 MB will do. Not for String.raw templates holding such
 * characters, whose raw text would change (the bundle has none).
 */
export function latin1Source(code: string): string {
  return code.replace(/[^\u0000-\u00ff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
