const WORD = '23456789abcdefghjkmnpqrstuvwxyz';

/** A fresh seed when none was given: short enough to read out and type back. */
export function randomSeed(): string {
  return [...globalThis.crypto.getRandomValues(new Uint8Array(6))].map((b) => WORD[b % WORD.length]).join('');
}

export function safeName(text: string): string {
  return text.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^[._]+/, '').slice(0, 80) || 'puzzles';
}
