import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodePort } from '../src/port/node.js';
import { setPort } from '../src/port/index.js';
import { Draw } from '../src/pdf/draw.js';
import { createDocument } from '../src/pdf/document.js';
import { uncovered } from '../src/pdf/runs.js';

// A plain install has only the common Chinese, Japanese and Korean characters we ship in fonts/
// (the full fonts are a separate npm install): as if the full packages were absent.
const asked: string[] = [];
setPort({
  ...nodePort,
  asset(path) {
    asked.push(path);
    if (/noto-sans-(sc|kr)\//.test(path)) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return nodePort.asset(path);
  },
});

function page(): Draw {
  const d = new Draw(createDocument('a4', { title: 't', subject: '', keywords: '' }));
  d.doc.addPage();
  return d;
}

describe('an install without the full Chinese and Korean fonts', () => {
  it('prints every word of the Chinese messages and common Chinese, Japanese and Korean text from the fonts we ship', () => {
    const d = page();
    const zh = Object.values(JSON.parse(readFileSync('messages/zh.json', 'utf8')) as Record<string, string>).join(' ');
    // everyday words: a pupil's name, a class, kana, Korean greetings and names
    const common = '王小明 李静 张伟 刘洋 陈晨 三年级二班 数学 ひらがな カタカナ 山田太郎 日本語 안녕하세요 김민준 이서연 학교';
    expect(uncovered(d.doc as never, zh + common)).toEqual([]);
    expect(() => d.paragraph(common, 0, 0, 300)).not.toThrow();
    expect(asked.some((p) => p.startsWith('fonts/noto-sans-sc-common/files/'))).toBe(true);
    expect(asked.some((p) => p.startsWith('fonts/noto-sans-kr-common/files/'))).toBe(true);
  });

  it('refuses a rarer character naming the package with all of them, and still prints the other scripts', () => {
    const d = page();
    // 龘 is outside GB 2312, 똠 outside KS X 1001's 2,350 syllables
    expect(() => d.text('龘', { x: 0, y: 0, w: 200, h: 20 })).toThrow(/"龘" \(U\+9F98\).*npm install @fontsource-variable\/noto-sans-sc for all of them$/);
    expect(() => d.text('똠', { x: 0, y: 0, w: 200, h: 20 })).toThrow(/npm install @fontsource-variable\/noto-sans-kr for all of them$/);
    expect(() => d.text('مرحبا Ελλάδα', { x: 0, y: 0, w: 200, h: 20 })).not.toThrow();
  });
});
