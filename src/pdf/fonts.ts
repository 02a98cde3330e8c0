import { fileURLToPath } from 'node:url';

/** Fonts live in fonts/ at the package root, both for src/ (tsx, vitest) and dist/ (built). */
const dir = fileURLToPath(new URL('../../fonts/', import.meta.url));

export type FontName = 'regular' | 'bold' | 'italic';

export const FONT_FILES: Record<FontName, string> = {
  regular: `${dir}Andika-Regular.ttf`,
  bold: `${dir}Andika-Bold.ttf`,
  italic: `${dir}Andika-Italic.ttf`,
};

/** PDFKit's registered names; kept distinct from its built-in Helvetica so nothing falls back silently. */
export const FONT_IDS: Record<FontName, string> = {
  regular: 'PP-Regular',
  bold: 'PP-Bold',
  italic: 'PP-Italic',
};
