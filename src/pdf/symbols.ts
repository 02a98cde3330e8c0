import { Draw } from './draw.js';
import { createDocument, pdfkitDocument } from './document.js';
import { port, text } from '../port/index.js';
import { renderSvg, type ArtShape, type SvgArt } from './svg.js';
import { defineForm, placeForm, type Form } from './xobject.js';
import { docChains } from './fallback.js';

/**
 * Built-in symbol sets: Fluent Emoji Flat icons, chosen to be clearly different from each other at
 * 8 mm: no two that look alike (a bison beside a beaver, blueberries beside grapes) and no two that
 * share a word a child would call out (dog and hot dog, bear and teddy bear).
 */
// Each entry is an icon name, or 'icon=display name' when the icon's own name is not what a child says.
export const SYMBOL_SETS = {
  animals: words(`
    dog mouse hamster rabbit fox bear panda koala tiger lion cow pig horse
    zebra deer giraffe elephant hippopotamus=hippo camel kangaroo gorilla monkey
    orangutan sloth otter skunk raccoon badger beaver hedgehog bat chipmunk wolf ewe=sheep goat donkey
    moose chicken baby-chick=chick duck swan eagle owl parrot peacock flamingo penguin turkey goose
     frog crocodile turtle snake dragon t-rex=T._rex whale dolphin seal fish
    blowfish=pufferfish shark octopus crab shrimp jellyfish snail
    butterfly ant honeybee=bee beetle lady-beetle=ladybird spider worm unicorn mammoth
  `),
  food: words(`
    red-apple=apple pear lemon banana watermelon grapes strawberry cherries peach
    pineapple coconut kiwi-fruit=kiwi tomato avocado eggplant=aubergine potato carrot ear-of-corn=corn
    hot-pepper=chilli bell-pepper=pepper cucumber broccoli leafy-green=lettuce garlic onion mushroom peanuts
    chestnut bread croissant baguette-bread=baguette pretzel pancakes waffle cheese-wedge=cheese
    poultry-leg=drumstick bacon hamburger french-fries=chips pizza sandwich taco burrito
    cooking=fried_egg popcorn butter salt canned-food=tin_can rice-ball sushi dumpling
    spaghetti curry-rice=curry bento-box=lunch_box doughnut cookie=biscuit birthday-cake=cake cupcake
    chocolate-bar=chocolate candy=sweet lollipop custard honey-pot=honey soft-ice-cream=ice_cream
    baby-bottle glass-of-milk=milk hot-beverage=hot_drink teapot bubble-tea beverage-box=juice
    cup-with-straw=cup spoon fork-and-knife=knife_and_fork chopsticks pea-pod=peas
  `),
  nature: words(`
    sun crescent-moon=moon star cloud rainbow snowflake droplet fire=flames
    water-wave=wave tornado volcano snow-capped-mountain=mountain desert-island=island cactus
    deciduous-tree=tree evergreen-tree=pine palm-tree=palm seedling four-leaf-clover=clover maple-leaf=leaf
    sunflower tulip rose hibiscus comet ringed-planet=planet
    globe-showing-americas=globe rock wood feather nest-with-eggs=nest spiral-shell=shell coral snowman
    high-voltage=lightning
  `),
  things: words(`
    house castle tent light-bulb candle flashlight=torch key locked door window bed chair couch-and-lamp=sofa
    toilet bathtub soap sponge toothbrush broom basket bucket scissors pencil paintbrush
    straight-ruler=ruler triangular-ruler=set_square paperclip pushpin books notebook envelope package
    wrapped-gift=present balloon party-popper teddy-bear=teddy kite yo-yo=yo-yo puzzle-piece=jigsaw_piece game-die=dice
    joystick magic-wand magnet hammer wrench screwdriver carpentry-saw=saw toolbox ladder
    nut-and-bolt=nut_and_bolt gear telescope microscope test-tube compass hourglass-done=hourglass
    alarm-clock=clock mobile-phone=mobile_phone laptop keyboard
    printer camera television radio telephone battery electric-plug=plug
    magnifying-glass-tilted-left=magnifying_glass bell trophy sports-medal=medal crown ring gem-stone=gem
    glasses t-shirt=T-shirt jeans dress socks gloves scarf coat billed-cap=cap top-hat=top_hat
    backpack handbag high-heeled-shoe=high_heel running-shoe=trainer umbrella
    shopping-cart=trolley money-bag coin credit-card=bank_card ticket thread yarn safety-pin
    red-paper-lantern=lantern framed-picture=picture potted-plant=pot_plant shield anchor boomerang
  `),
  transport: words(`
    taxi bus ambulance fire-engine=fire_engine police-car delivery-truck=lorry tractor racing-car=racer
    motorcycle bicycle kick-scooter=scooter skateboard locomotive=steam_train helicopter
    airplane=aeroplane rocket flying-saucer=UFO sailboat canoe ship parachute satellite
    ferris-wheel=big_wheel roller-coaster carousel-horse=carousel sled=sledge
  `),
  play: words(`
    soccer-ball=football basketball baseball tennis volleyball bowling
     ice-hockey=hockey ping-pong=ping-pong flag-in-hole=golf goal-net=goal
    boxing-glove ice-skate=skate skis fishing-pole=fishing_rod guitar violin trumpet saxophone drum accordion
    maracas flute musical-keyboard=piano microphone headphone=headphones musical-note artist-palette=palette
    performing-arts=theatre_masks circus-tent=circus bullseye=target
  `),
};

function words(text: string): SymbolSource[] {
  return text
    .trim()
    .split(/\s+/)
    .map((entry) => {
      const [icon, label] = entry.split('=') as [string, string | undefined];
      const name = (label ?? icon).replace(/[_-]/g, (c) => (c === '_' ? ' ' : label ? '-' : ' '));
      return { kind: 'icon' as const, name, icon };
    });
}

export type SetName = keyof typeof SYMBOL_SETS | 'all';
export const SET_NAMES = [...(Object.keys(SYMBOL_SETS) as (keyof typeof SYMBOL_SETS)[]), 'all'] as const;

export const ICON_CREDIT =
  'Pictures: Fluent Emoji Flat by Microsoft (MIT licence), github.com/microsoft/fluentui-emoji, via Iconify.';

/** Where a symbol's picture comes from. Plain data, so it can sit in a model and in JSON. */
export type SymbolSource =
  | { kind: 'icon'; name: string; icon: string }
  | { kind: 'word'; name: string }
  | { kind: 'svg'; name: string; file: string }
  | { kind: 'image'; name: string; file: string };

export function setSymbols(set: SetName): SymbolSource[] {
  if (set === 'all') return Object.values(SYMBOL_SETS).flat();
  return SYMBOL_SETS[set];
}

/** The icon set as shipped: the whole npm file under Node, only the icons of SYMBOL_SETS in the browser. */
export const ICON_ASSET = 'icons/fluent-emoji-flat.json';

interface IconFile {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  width?: number;
  height?: number;
}

let iconFile: IconFile | undefined;

function icons(): IconFile {
  if (!iconFile) {
    iconFile = JSON.parse(text(port().asset(ICON_ASSET))) as IconFile;
  }
  return iconFile;
}

/** Which icon draws which emoji (code points in hex, joined by dashes), from the same package. */
export const EMOJI_ASSET = 'icons/fluent-emoji-flat-chars.json';

let emojiTable: Record<string, string> | undefined;

/**
 * The icon that draws an emoji, if the set has one: a word list may hold emoji, and no font here
 * draws them, but the set's pictures are the same emoji in colour.
 */
export function emojiIcon(emoji: string): string | undefined {
  emojiTable ??= JSON.parse(text(port().asset(EMOJI_ASSET))) as Record<string, string>;
  const hex = (s: string) => [...s].map((c) => c.codePointAt(0)!.toString(16)).join('-');
  const icon = emojiTable[hex(emoji)] ?? emojiTable[hex(emoji.replace(/\ufe0f/g, ''))];
  return icon && iconExists(icon) ? icon : undefined;
}

export function iconExists(icon: string): boolean {
  return icon in icons().icons;
}

const artCache = new Map<string, SvgArt>();

/** Parsed vector art of an icon or an SVG file (cached: the same art is reused by every document). */
export function artOf(src: SymbolSource & { kind: 'icon' | 'svg' }): SvgArt {
  const key = src.kind === 'icon' ? `icon:${src.icon}` : `svg:${src.file}`;
  let art = artCache.get(key);
  if (!art) {
    if (src.kind === 'icon') {
      const f = icons();
      const icon = f.icons[src.icon];
      if (!icon) throw new Error(`unknown icon ${src.icon}`);
      const w = icon.width ?? f.width ?? 16;
      const h = icon.height ?? f.height ?? 16;
      art = renderSvg(`<svg viewBox="0 0 ${w} ${h}">${icon.body}</svg>`);
    } else {
      art = renderSvg(text(port().readFile(src.file)));
    }
    artCache.set(key, art);
  }
  return art;
}

/** One value per document and key, made on first use: what each PDF must hold once, not per card. */
function perDocument<T>(cache: WeakMap<object, Map<string, T>>, d: Draw, key: string, make: () => T): T {
  let byDoc = cache.get(d.doc);
  if (!byDoc) {
    byDoc = new Map();
    cache.set(d.doc, byDoc);
  }
  let value = byDoc.get(key);
  if (value === undefined) {
    value = make();
    byDoc.set(key, value);
  }
  return value;
}

const forms = new WeakMap<object, Map<string, Form>>();

function formFor(d: Draw, key: string, art: SvgArt): Form {
  return perDocument(forms, d, key, () => {
    const { x, y, w, h } = art.viewBox;
    const b = art.bounds;
    // the box must hold everything drawn, or viewers clip it; art may spill outside its viewBox
    const bbox: [number, number, number, number] = [
      Math.min(x, b.cx - b.r), Math.min(y, b.cy - b.r), Math.max(x + w, b.cx + b.r), Math.max(y + h, b.cy + b.r),
    ];
    return defineForm(d.doc, bbox, art.content, art.alphas);
  });
}

interface OpenImage {
  width: number;
  height: number;
}

const images = new WeakMap<object, Map<string, OpenImage>>();

/**
 * PDFKit keeps one copy of an image per document only when it opens it from a path; pictures come
 * as bytes through the port, so each document's open images are kept here and placed again.
 */
function imageFor(d: Draw, file: string): OpenImage {
  return perDocument(images, d, file, () => (d.doc as unknown as { openImage(b: Uint8Array): OpenImage }).openImage(port().readFile(file)));
}

/** Word symbols in a few dark colours, so they still read well printed in black and white. */
const WORD_COLOURS = ['#1a4f8b', '#a0241f', '#1d6b35', '#6b2c91', '#8a4b08', '#0f5f66'];

/**
 * Draws a symbol so that everything it paints stays inside the disc of radius r around (cx, cy),
 * rotated by `rotation` degrees. `id` picks a colour for words.
 */
export function drawSymbol(d: Draw, src: SymbolSource, cx: number, cy: number, r: number, rotation: number, id = 0): void {
  d.group(() => {
    d.translate(cx, cy);
    if (rotation) d.rotate(rotation, [0, 0]);
    if (src.kind === 'icon' || src.kind === 'svg') {
      const art = artOf(src);
      const s = r / art.bounds.r;
      d.doc.transform(s, 0, 0, s, -art.bounds.cx * s, -art.bounds.cy * s);
      placeForm(d.doc, formFor(d, src.kind === 'icon' ? `icon:${src.icon}` : `svg:${src.file}`, art));
    } else if (src.kind === 'image') {
      const img = imageFor(d, src.file);
      const a = img.width / img.height;
      const h = (2 * r) / Math.sqrt(1 + a * a);
      const w = a * h;
      d.doc.image(img as unknown as string, -w / 2, -h / 2, { width: w, height: h });
    } else {
      let box = wordBox(src.name);
      // a chosen font is wider or narrower than Andika, which the deck was packed by: the word is
      // sized by its own widths, so it stays inside the same circle
      if (docChains.has(d.doc)) {
        const widths = box.lines.map((l) => d.textWidth(l, 100, 'bold') / 100);
        box = { ...box, widths, w: Math.max(...widths) };
      }
      const size = r / Math.hypot(box.w / 2, box.h / 2);
      const colour = WORD_COLOURS[id % WORD_COLOURS.length];
      box.lines.forEach((line, i) => {
        const mid = (i - (box.lines.length - 1) / 2) * WORD_PITCH * size;
        const w = box.widths[i]! * size + 2;
        d.text(line, { x: -w / 2, y: mid - size / 2, w, h: size }, { size, font: 'bold', align: 'center', valign: 'middle', color: colour });
      });
    }
  });
}

/** Line pitch of a two-line word, in font sizes. */
export const WORD_PITCH = 1.2;
/**
 * How far bold Andika reaches above and below the middle of a line set with its capitals centred:
 * accented capitals up to 0.63 of the size, descenders 0.61 (font metrics of Andika Bold).
 */
const WORD_REACH = 0.63;

export interface WordBox {
  lines: string[];
  widths: number[]; // of each line, in font sizes
  w: number; // of the whole word, in font sizes
  h: number;
}

let measurer: Draw | undefined;
const wordBoxes = new Map<string, WordBox>();

/**
 * A word or phrase as printed on a card: one line, or two when a phrase is long enough that two
 * lines make a much rounder block (which packs better and reads at a larger size).
 */
export function wordBox(name: string): WordBox {
  let box = wordBoxes.get(name);
  if (box) return box;
  measurer ??= new Draw(createDocument('a4', { title: '', subject: '', keywords: '' }));
  const width = (t: string) => measurer!.textWidth(t, 100, 'bold') / 100;
  const one = width(name);
  box = { lines: [name], widths: [one], w: one, h: 2 * WORD_REACH };
  const spaces = [...name.matchAll(/ /g)].map((m) => m.index!);
  let best: WordBox | undefined;
  for (const at of spaces) {
    const lines = [name.slice(0, at), name.slice(at + 1)];
    const widths = lines.map(width);
    const w = Math.max(...widths);
    if (!best || w < best.w) best = { lines, widths, w, h: WORD_PITCH + 2 * WORD_REACH };
  }
  if (best && Math.hypot(best.w, best.h) < 0.85 * Math.hypot(box.w, box.h)) box = best;
  wordBoxes.set(name, box);
  return box;
}

const imageSizes = new Map<string, { width: number; height: number }>();
let imageProbe: { openImage(b: Uint8Array): { width: number; height: number } } | undefined;

function imageSize(file: string): { width: number; height: number } {
  let size = imageSizes.get(file);
  if (!size) {
    imageProbe ??= pdfkitDocument({ autoFirstPage: false }) as unknown as typeof imageProbe;
    const img = imageProbe!.openImage(port().readFile(file));
    size = { width: img.width, height: img.height };
    imageSizes.set(file, size);
  }
  return size;
}

function rectShape(x0: number, y0: number, x1: number, y1: number): ArtShape {
  return { pts: [x0, y0, x1, y0, x1, y1, x0, y1, x0, y0], pad: 0, filled: true };
}

/**
 * What drawSymbol paints for radius 1 at (0, 0) without rotation, as outlines (y down): the
 * picture's own shapes, a word's line boxes, an image's rectangle. Layouts pack by these.
 */
export function symbolShapes(src: SymbolSource): ArtShape[] {
  if (src.kind === 'icon' || src.kind === 'svg') {
    const art = artOf(src);
    const { cx, cy, r } = art.bounds;
    return art.shapes.map((s) => ({
      pts: s.pts.map((v, i) => (v - (i % 2 === 0 ? cx : cy)) / r),
      pad: s.pad / r,
      filled: s.filled,
    }));
  }
  if (src.kind === 'image') {
    const { width, height } = imageSize(src.file);
    const a = width / height;
    const h = 1 / Math.sqrt(1 + a * a);
    return [rectShape(-a * h, -h, a * h, h)];
  }
  const box = wordBox(src.name);
  const k = 1 / Math.hypot(box.w / 2, box.h / 2);
  return box.lines.map((_, i) => {
    const mid = (i - (box.lines.length - 1) / 2) * WORD_PITCH;
    const half = box.widths[i]! / 2;
    return rectShape(-half * k, (mid - WORD_REACH) * k, half * k, (mid + WORD_REACH) * k);
  });
}
