/**
 * What a rendered template is made of. Handlebars helpers (the layout primitives) emit one marker
 * line per block; plain text lines in a template become paragraphs, so a teacher can simply type.
 */
export type Block =
  | { type: 'heading'; text: string; size: number; align: Align }
  | { type: 'text'; text: string; size: number; align: Align; font: 'regular' | 'bold' | 'italic'; color: string }
  | { type: 'fields'; names: string[]; labels: string[]; values: Record<string, string>; size: number; wide?: number; rtl?: boolean } // labels: each name as printed, with its colon ('Nom :'); wide: the Name field's index; rtl: the row runs from the right
  | { type: 'rule'; width: number }
  | { type: 'space'; height: number }
  | { type: 'slots'; gap: number }
  | { type: 'footer'; left: string; center: string; right: string; size: number; rtl?: boolean; wrap?: boolean; drop?: boolean }; // rtl: left and right change sides; wrap: a long centre line goes on more lines; drop: a centre that would go under 7 pt is left out

export type Align = 'left' | 'center' | 'right';

/** A template's blocks set smaller for a small page (a booklet's half page): sizes, spaces and gaps alike. */
export function scaleBlocks(blocks: Block[], s: number): Block[] {
  if (s === 1) return blocks;
  return blocks.map((b) => {
    switch (b.type) {
      case 'space':
        return { ...b, height: b.height * s };
      case 'slots':
        return { ...b, gap: b.gap * s };
      case 'rule':
        return b;
      default:
        return { ...b, size: b.size * s };
    }
  });
}

const OPEN = '\u2063@@';
const CLOSE = '@@\u2063';

export function marker(block: Block): string {
  return `\n${OPEN}${JSON.stringify(block)}${CLOSE}\n`;
}

export function parseBlocks(output: string): Block[] {
  const blocks: Block[] = [];
  let para: string[] = [];
  const flush = () => {
    // no-break spaces (French 'Nom :', 'page 3') stay as written: \s would make them breakable
    const text = para.join(' ').replace(/[^\S\u00a0\u2007\u202f]+/g, ' ').trim();
    if (text) blocks.push({ type: 'text', text, size: 11, align: 'left', font: 'regular', color: '#000000' });
    para = [];
  };
  for (const raw of output.split('\n')) {
    const line = raw.trim();
    if (line.startsWith(OPEN) && line.endsWith(CLOSE)) {
      flush();
      blocks.push(JSON.parse(line.slice(OPEN.length, -CLOSE.length)) as Block);
    } else if (line === '') {
      flush(); // a blank line ends a paragraph, as in plain prose
    } else {
      para.push(line);
    }
  }
  flush();
  return blocks;
}
