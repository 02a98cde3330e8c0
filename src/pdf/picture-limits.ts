/** The largest picture a card takes: it prints sharp at card size, and a small file cannot ask for gigabytes of pixels. */
export const MAX_PICTURE_PIXELS = 1_000_000;
export const MAX_PICTURE_SIDE = 4000;
