export type FontName = 'regular' | 'bold' | 'italic';

/** Font files, as paths from the package root (read through the platform port). */
export const FONT_FILES: Record<FontName, string> = {
  regular: 'fonts/Andika-Regular.ttf',
  bold: 'fonts/Andika-Bold.ttf',
  italic: 'fonts/Andika-Italic.ttf',
};

/** PDFKit's registered names; kept distinct from its built-in Helvetica so nothing falls back silently. */
export const FONT_IDS: Record<FontName, string> = {
  regular: 'PP-Regular',
  bold: 'PP-Bold',
  italic: 'PP-Italic',
};
