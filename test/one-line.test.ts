import { describe, expect, it } from 'vitest';
import { oneLineList, type OneLineRule } from '../src/core/one-line.js';
import { CLASS_LIST_LINE } from '../src/batch/roster.js';
import { WORD_LIST_LINE } from '../src/kinds/dobble/custom.js';

const plain: OneLineRule = { thresholds: [[',', 3]], quotes: false, trailingCounts: false };

describe('oneLineList', () => {
  it('takes the first separator with enough parts, trimmed and with single spaces', () => {
    const rule: OneLineRule = { thresholds: [[';', 2], [',', 3]], quotes: false, trailingCounts: false };
    expect(oneLineList(' a  b ; c, d ', rule)).toEqual(['a b', 'c, d']);
    expect(oneLineList('a, b', rule)).toBeNull();
    expect(oneLineList('a, b, c', rule)).toEqual(['a', 'b', 'c']);
  });

  it('keeps a quoted cell whole only when told to', () => {
    const quoted: OneLineRule = { ...plain, quotes: true };
    expect(oneLineList('"Smith, Ava", Ben, "say ""hi"""', quoted)).toEqual(['Smith, Ava', 'Ben', 'say "hi"']);
    expect(oneLineList('"Smith, Ava", Ben, Chloe', plain)).toEqual(['"Smith', 'Ava"', 'Ben', 'Chloe']);
  });

  it('drops a separator left at the end, counting it towards the least only when told to', () => {
    expect(oneLineList('a, b,', plain)).toBeNull();
    expect(oneLineList('a, b,', { ...plain, trailingCounts: true })).toEqual(['a', 'b']);
    expect(oneLineList('a, b, c,', plain)).toEqual(['a', 'b', 'c']);
    expect(oneLineList('a, , b', plain)).toEqual(['a', '', 'b']); // a gap inside is the caller's to refuse
  });
});

describe('the two one-line lists', () => {
  it('class lists: two names at a tab or semicolon, three at commas, spreadsheet quotes read', () => {
    expect(oneLineList('Ava; Ben', CLASS_LIST_LINE)).toEqual(['Ava', 'Ben']);
    expect(oneLineList('Ava\tBen', CLASS_LIST_LINE)).toEqual(['Ava', 'Ben']);
    expect(oneLineList('Smith, Ava', CLASS_LIST_LINE)).toBeNull(); // one pupil, surname first
    expect(oneLineList('Smith, Ava,', CLASS_LIST_LINE)).toBeNull();
    expect(oneLineList('"Smith, Ava"; Ben', CLASS_LIST_LINE)).toEqual(['Smith, Ava', 'Ben']);
  });

  it('Dobble words: three parts at any separator, quotes part of the word', () => {
    expect(oneLineList('ice cream; cone', WORD_LIST_LINE)).toBeNull();
    expect(oneLineList('ice cream\tcone', WORD_LIST_LINE)).toBeNull();
    expect(oneLineList('cat; dog; hen', WORD_LIST_LINE)).toEqual(['cat', 'dog', 'hen']);
    expect(oneLineList('cat, dog,', WORD_LIST_LINE)).toEqual(['cat', 'dog']);
    expect(oneLineList('"big cat", dog, hen', WORD_LIST_LINE)).toEqual(['"big cat"', 'dog', 'hen']);
  });
});
