import '../src/port/node.js';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UserError } from '../src/core/errors.js';
import { parsePlan, readPlan } from '../src/batch/plan-file.js';
import { readUserFile } from '../src/port/user-file.js';
import { BitmapError, checkBitmap } from '../src/pdf/bitmap.js';
import { pdfkitDocument } from '../src/pdf/document.js';
import { renderSvg, SvgError } from '../src/pdf/svg.js';
import { Templates } from '../src/layout/templates.js';
import { sectionContext } from '../src/run.js';
import { checkOutputs, writeAtomic } from '../src/node/write.js';
import { dobble } from '../src/kinds/dobble/index.js';
import { Rng } from '../src/core/rng.js';
import { HOSTILE_SVGS, jpeg, png, pngRaw } from './helpers/hostile-files.js';

const temp = () => mkdtempSync(join(tmpdir(), 'pp-hostile-'));

function userError(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    expect((e as Error).message).not.toMatch(/\n/);
    return (e as Error).message;
  }
  throw new Error('expected a UserError');
}

const limits = { what: 'the file', maxBytes: 1000, hint: 'give another' };

describe('one reader for every user file', () => {
  it('refuses devices, pipes, folders and long files before reading them', () => {
    const dir = temp();
    expect(userError(() => readUserFile('/dev/zero', limits))).toMatch(/not a plain file/);
    const fifo = join(dir, 'pipe.hbs');
    execFileSync('mkfifo', [fifo]); // nothing ever writes to it: reading it would wait for ever
    expect(userError(() => readUserFile(fifo, limits))).toMatch(/not a plain file/);
    symlinkSync('/dev/zero', join(dir, 'zero.png'));
    expect(userError(() => readUserFile(join(dir, 'zero.png'), limits))).toMatch(/not a plain file/);
    expect(userError(() => readUserFile(dir, limits))).toMatch(/is a folder/);
    expect(userError(() => readUserFile(join(dir, 'missing'), limits))).toMatch(/does not exist: give another/);
    writeFileSync(join(dir, 'big'), Buffer.alloc(1001));
    expect(userError(() => readUserFile(join(dir, 'big'), limits))).toMatch(/larger than 1 KB/);
    writeFileSync(join(dir, 'fits'), Buffer.alloc(1000, 7));
    expect(readUserFile(join(dir, 'fits'), limits)).toEqual(new Uint8Array(1000).fill(7));
  });

  it('turns a template that is a device into one line, not a hang', () => {
    expect(userError(() => new Templates({ worksheet: '/dev/zero' }))).toMatch(/template file \/dev\/zero is not a plain file/);
  });
});

/** PDFKit embeds a PNG as it will in a real document; under Node its decoder runs later, asynchronously. */
function embeds(buf: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const doc = pdfkitDocument({ autoFirstPage: true }) as unknown as PDFKit.PDFDocument;
    doc.on('data', () => {});
    doc.on('end', resolve);
    doc.on('error', reject);
    doc.image(buf as unknown as string, 0, 0, { width: 50 });
    doc.end();
  });
}

describe('pictures are checked before they are decoded', () => {
  it('accepts ordinary PNGs (every colour type, interlaced or not) and JPEGs', async () => {
    for (const colour of [0, 2, 3, 4, 6] as const) {
      for (const interlace of [0, 1]) {
        const buf = png({ width: 13, height: 9, colour, interlace });
        expect(checkBitmap(buf)).toEqual({ type: 'png', width: 13, height: 9 });
        await embeds(buf);
      }
    }
    expect(checkBitmap(jpeg(640, 480))).toEqual({ type: 'jpeg', width: 640, height: 480 });
  });

  it('refuses what would crash the decoder or exhaust memory, saying what is wrong', () => {
    const refused = (buf: Uint8Array) => {
      try {
        checkBitmap(buf);
      } catch (e) {
        expect(e).toBeInstanceOf(BitmapError);
        return (e as Error).message;
      }
      throw new Error('accepted');
    };
    // the interlace flag set on data written without interlacing (it once crashed PDFKit's decoder)
    expect(refused(png({ width: 30, height: 30, raw: pngRaw({ width: 30, height: 30 }, 0), interlace: 1 }))).toMatch(/shorter than its header says/);
    expect(refused(png({ width: 0, height: 0, raw: new Uint8Array(0) }))).toMatch(/0x0 pixels/);
    // a small file declaring 20000x20000 pixels: refused from the header, before anything is unpacked
    expect(refused(png({ width: 20000, height: 20000, raw: new Uint8Array(10) }))).toMatch(/20000x20000 pixels, too large/);
    expect(refused(jpeg(20000, 20000))).toMatch(/too large/);
    expect(refused(png({ width: 4, height: 4, interlace: 7 }))).toMatch(/format that does not exist/);
    expect(refused(png({ width: 4, height: 4, depth: 3 }))).toMatch(/format that does not exist/);
    const badFilter = pngRaw({ width: 4, height: 4 });
    badFilter[13] = 9; // the filter byte of the second row (rows are 1 + 4x3 bytes)
    expect(refused(png({ width: 4, height: 4, raw: badFilter }))).toMatch(/unknown filter/);
    const flipped = png({ width: 4, height: 4 });
    flipped[flipped.length - 17] ^= 0xff; // last byte of the checksum inside IDAT
    expect(refused(flipped)).toMatch(/damaged/);
    expect(refused(png({ width: 4, height: 4 }).subarray(0, 40))).toMatch(/ends too soon/);
    expect(refused(jpeg(10, 10).subarray(0, 12))).toMatch(/damaged or not a complete JPEG/);
  });

  it('any damage to a PNG is either refused or embeds cleanly (fast-check)', async () => {
    const base = [png({ width: 9, height: 7, colour: 6 }), png({ width: 9, height: 7, colour: 2, interlace: 1 }), png({ width: 5, height: 5, colour: 3 })];
    await fc.assert(
      fc.asyncProperty(fc.nat(base.length - 1), fc.array(fc.tuple(fc.nat(), fc.nat(255)), { minLength: 1, maxLength: 4 }), async (which, edits) => {
        const buf = Buffer.from(base[which]!);
        for (const [at, v] of edits) buf[8 + (at % (buf.length - 8))] = v; // damage anywhere after the signature
        let ok = true;
        try {
          checkBitmap(buf);
        } catch (e) {
          if (!(e instanceof BitmapError)) throw e;
          ok = false;
        }
        if (ok) await embeds(buf);
      }),
      { numRuns: 300, seed: 15 },
    );
  });
});

describe('SVG limits', () => {
  for (const [name, svg, refusal] of HOSTILE_SVGS) {
    it(`refuses ${name}`, () => {
      expect(() => renderSvg(svg)).toThrow(SvgError);
      expect(() => renderSvg(svg)).toThrow(refusal);
    });
  }

  const pieces = ['<svg viewBox="0 0 10 10">', '</svg>', '<g>', '</g>', '<g id="a">', '<use href="#a"/>', '<path d="M1 1L9 9L1 9Z"/>',
    '<path d="M1 1 L NaN 5"/>', '<circle r="1e308" cx="3"/>', '<g transform="matrix(1e200 0 0 1e200 0 0)">', '<rect width="-5" height="4"/>',
    '<clipPath id="c"><use href="#a"/></clipPath>', '<path clip-path="url(#c)" d="M0 0L5 5L0 5Z"/>', '<linearGradient id="l"><stop stop-color="url(#l)"/></linearGradient>',
    '<path fill="url(#l)" stroke="#123" stroke-width="1e309" d="M2 2h5v5z"/>', '<ellipse rx="3" ry="2" cx="5" cy="5" opacity="-4"/>', '<!--', '-->', '&amp;', '<'];

  it('random SVG text either draws with finite bounds or is refused with an SvgError (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const text = `<svg viewBox="0 0 10 10">${parts.join('')}</svg>`;
        try {
          const art = renderSvg(text);
          expect(Number.isFinite(art.bounds.r) && art.bounds.r > 0).toBe(true);
          expect(art.content).not.toMatch(/NaN|Infinity/);
        } catch (e) {
          if (!(e instanceof SvgError)) throw e;
        }
      }),
      { numRuns: 500, seed: 15 },
    );
  });
});

describe("a teacher's own symbols", () => {
  it('names the damaged picture in one line (PNG with a wrong interlace flag, 0x0, 20000x20000, SVG bomb)', () => {
    const cases: [string, Uint8Array | string, RegExp][] = [
      ['bad.png', png({ width: 30, height: 30, raw: pngRaw({ width: 30, height: 30 }, 0), interlace: 1 }), /bad\.png is damaged/],
      ['bad.png', png({ width: 0, height: 0, raw: new Uint8Array(0) }), /bad\.png is damaged: its header says 0x0/],
      ['bad.png', png({ width: 20000, height: 20000, raw: new Uint8Array(10) }), /bad\.png is 20000x20000 pixels/],
      ['bad.svg', HOSTILE_SVGS[0]![1], /bad\.svg is not an SVG picture that can be drawn: it draws more than/],
      ['bad.svg', HOSTILE_SVGS[6]![1], /bad\.svg is not an SVG .*coordinate/],
    ];
    for (const [name, content, refusal] of cases) {
      const dir = temp();
      for (let i = 0; i < 8; i++) writeFileSync(join(dir, `ok${i}.png`), png({ width: 8 + i, height: 8 }));
      writeFileSync(join(dir, name), content);
      expect(userError(() => dobble.generate(dobble.schema.parse({ symbolsPerCard: 3, symbols: dir }), new Rng('s')))).toMatch(refusal);
    }
  });
});

describe('template helpers take only values that work', () => {
  const template = (body: string) => {
    const dir = temp();
    const file = join(dir, 't.hbs');
    writeFileSync(file, body);
    return file;
  };
  it('refuses sizes, spaces, widths and colours out of range, naming the file', () => {
    const bad: [string, RegExp][] = [
      ['{{space 5000}}{{slots}}', /t\.hbs failed: \{\{space N\}\} must be a number from 0 to 200 \(got "5000"\)/],
      ['{{heading "Hi" size=-20}}{{slots}}', /\{\{heading\}\} size= must be a number from 4 to 72/],
      ['{{text "Hi" size="big"}}{{slots}}', /\{\{text\}\} size= must be a number/],
      ['{{text "Hi" align="middle"}}{{slots}}', /align= must be left, center or right/],
      ['{{text "Hi" color="javascript:1"}}{{slots}}', /color= must be a colour/],
      ['{{rule width=50}}{{slots}}', /\{\{rule\}\} width= must be a number from 0.1 to 10/],
      ['{{slots gap=-3}}', /\{\{slots\}\} gap= must be a number from 0 to 72/],
      ['{{#footer size=900}}x{{/footer}}{{slots}}', /\{\{footer\}\} size= must be a number/],
    ];
    for (const [body, refusal] of bad) {
      expect(userError(() => new Templates({ worksheet: template(body) }).get('worksheet')({}))).toMatch(refusal);
    }
    expect(new Templates({ worksheet: template('{{heading "Hi" size=30}}{{space 20}}{{text "x" color="#1a4f8b" align="center"}}{{slots gap=10}}') }).get('worksheet')({})).toHaveLength(4);
  });

  it('refuses a page that leaves no room for the puzzles', () => {
    const t = new Templates({ worksheet: template(`${'{{space 200}}'.repeat(4)}{{slots}}`) });
    expect(userError(() => sectionContext('a4', t).slotArea('worksheet'))).toMatch(/leaves 0 points of the page for the puzzles/);
  });
});

describe('writing files', () => {
  it('refuses two outputs that are the same file, a device, and a name too long for any disk', () => {
    const dir = temp();
    const pdf = join(dir, 'a.pdf');
    expect(userError(() => checkOutputs([[pdf, '--out'], [join(dir, '.', 'a.pdf'), '--json']]))).toMatch(/--json .*a\.pdf is the same file as --out/);
    expect(userError(() => checkOutputs([['/dev/full', '--out']]))).toMatch(/not a plain file/);
    expect(userError(() => checkOutputs([[join(dir, `${'x'.repeat(260)}.pdf`), '--out']]))).toMatch(/longer than 255 bytes/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('writes a legal 250-character name (the temp name stays short)', async () => {
    const dir = temp();
    const file = join(dir, `${'y'.repeat(246)}.pdf`);
    await writeAtomic(file, async (sink) => {
      await new Promise<void>((res) => sink.end('x', res));
    });
    expect(readdirSync(dir)).toEqual([`${'y'.repeat(246)}.pdf`]);
  });

  it('reports a full disk as the user\'s problem and leaves no temp file', async () => {
    const dir = temp();
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
    await expect(writeAtomic(join(dir, 'a.pdf'), () => Promise.reject(full))).rejects.toThrow(/the disk is full \(ENOSPC\)/);
    await expect(writeAtomic(join(dir, 'a.pdf'), () => Promise.reject(full))).rejects.toBeInstanceOf(UserError);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a stop signal during writing removes the temp file', () => {
    const dir = temp();
    // a writer that never finishes, stopped by SIGTERM once its temp file exists
    const script = `
      import '${new URL('../src/port/node.ts', import.meta.url).pathname}';
      import { writeAtomic } from '${new URL('../src/node/write.ts', import.meta.url).pathname}';
      import { readdirSync } from 'node:fs';
      writeAtomic(${JSON.stringify(join(dir, 'a.pdf'))}, (sink) => { sink.write('partial'); return new Promise(() => {}); });
      setTimeout(() => { if (readdirSync(${JSON.stringify(dir)}).length !== 1) process.exit(9); process.kill(process.pid, 'SIGTERM'); }, 300);
      setInterval(() => {}, 1000); // a real write keeps the process busy; here the signal needs something to wait for
    `;
    const tsx = new URL('../node_modules/tsx/dist/loader.mjs', import.meta.url).href;
    let code = 0;
    let stderr = '';
    try {
      execFileSync(process.execPath, ['--import', tsx, '--input-type=module', '-e', script], { encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      code = (e as { status: number }).status;
      stderr = (e as { stderr: string }).stderr;
    }
    expect(code).toBe(143);
    expect(stderr.trim()).toMatch(/^puzzlepress: stopped; finished files are complete/);
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(join(dir, 'a.pdf'))).toBe(false);
  });
});



describe('plan files', () => {
  const plan = 'worksheets:\n  - kind: fultiples\n';
  it('refuses a YAML alias bomb, a roster that is a device, and a plan that is one', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]', ...Array.from({ length: 9 }, (_, i) => `${'bcdefghij'[i]}: &${'bcdefghij'[i]} [${Array(9).fill(`*${'abcdefghij'[i]}`).join(',')}]`), plan].join('\n');
    expect(userError(() => parsePlan(bomb, 'bomb.yaml'))).toMatch(/^bomb\.yaml:1: the plan repeats its aliases/);
    expect(userError(() => parsePlan(`roster: /dev/zero\n${plan}`, 'p.yaml'))).toMatch(/^p\.yaml:1: roster: \/dev\/zero is not a plain file/);
    expect(userError(() => readPlan('/dev/zero'))).toMatch(/^the plan \/dev\/zero is not a plain file/);
    const dir = temp();
    writeFileSync(join(dir, 'big.yaml'), `${plan}# ${'x'.repeat(2 << 20)}\n`);
    expect(userError(() => readPlan(join(dir, 'big.yaml')))).toMatch(/big\.yaml is larger than 1 MB/);
  });
});
