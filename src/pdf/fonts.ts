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

/** A file of a font family at one weight (variable fonts are opened at that weight). */
export interface FontFace {
  file: string;
  weight: number;
}

const fontsource = (pkg: string, name: string, weight: number, style = 'normal'): FontFace[] =>
  ['latin', 'latin-ext'].map((slice) => ({ file: `npm:${pkg}/files/${name}-${slice}-${weight}-${style}.woff2`, weight }));
const variable = (pkg: string, name: string, weight: number): FontFace[] =>
  ['latin', 'latin-ext'].map((slice) => ({ file: `npm:${pkg}/files/${name}-${slice}-wght-normal.woff2`, weight }));

/**
 * Fonts a teacher can choose by name (--font, `font:` in plans), besides a .ttf or .otf file of
 * their own. Lexend and Atkinson Hyperlegible were drawn to be easy to read (Lexend for reading
 * fluency, Atkinson Hyperlegible for low vision, with letters that cannot be taken for one
 * another); both OFL. Each face lists its files in the order to try (Latin, then accented Latin);
 * Andika and the script fonts follow for anything else.
 */
export const FONT_CHOICES: Record<string, Record<FontName, FontFace[]> | null> = {
  andika: null, // the default: fonts/ as above
  lexend: {
    regular: variable('@fontsource-variable/lexend', 'lexend', 400),
    bold: variable('@fontsource-variable/lexend', 'lexend', 700),
    italic: variable('@fontsource-variable/lexend', 'lexend', 400), // Lexend has no italic
  },
  'atkinson-hyperlegible': {
    regular: fontsource('@fontsource/atkinson-hyperlegible', 'atkinson-hyperlegible', 400),
    bold: fontsource('@fontsource/atkinson-hyperlegible', 'atkinson-hyperlegible', 700),
    italic: fontsource('@fontsource/atkinson-hyperlegible', 'atkinson-hyperlegible', 400, 'italic'),
  },
};

export const FONT_NAMES = Object.keys(FONT_CHOICES);

/** A font given by file rather than by name. */
export function isFontFile(font: string): boolean {
  return /\.(ttf|otf)$/i.test(font) || /[/\\]/.test(font);
}
