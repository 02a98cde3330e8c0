/**
 * The finite field GF(q) for a prime power q = p^k. Elements are the integers 0..q-1, read as
 * polynomials over GF(p) in base p (digit i is the coefficient of x^i). For k > 1 this is NOT
 * arithmetic mod q: multiplication is polynomial multiplication mod an irreducible polynomial.
 */
export interface Field {
  q: number;
  p: number;
  k: number;
  add(a: number, b: number): number;
  mul(a: number, b: number): number;
  neg(a: number): number;
}

/** [p, k] when n = p^k for a prime p, else undefined. */
export function primePower(n: number): [number, number] | undefined {
  if (!Number.isInteger(n) || n < 2) return undefined;
  let p = 2;
  while (p * p <= n && n % p !== 0) p++;
  if (n % p !== 0) p = n; // n itself is prime
  let k = 0;
  let m = n;
  while (m % p === 0) {
    m /= p;
    k++;
  }
  return m === 1 ? [p, k] : undefined;
}

function digits(a: number, p: number, k: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    out.push(a % p);
    a = Math.floor(a / p);
  }
  return out;
}

function fromDigits(d: number[], p: number): number {
  let v = 0;
  for (let i = d.length - 1; i >= 0; i--) v = v * p + d[i]!;
  return v;
}

/** Product of two polynomials (digit lists) reduced mod the monic `modulus` of degree k. */
function polyMulMod(a: number[], b: number[], modulus: number[], p: number, k: number): number[] {
  const prod = new Array<number>(2 * k - 1).fill(0);
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) prod[i + j] = (prod[i + j]! + a[i]! * b[j]!) % p;
  for (let deg = 2 * k - 2; deg >= k; deg--) {
    const c = prod[deg]!;
    if (c === 0) continue;
    // subtract c * x^(deg-k) * modulus; modulus[k] is 1
    for (let i = 0; i <= k; i++) prod[deg - k + i] = (((prod[deg - k + i]! - c * modulus[i]!) % p) + p) % p;
  }
  return prod.slice(0, k);
}

const cache = new Map<number, Field>();

export function field(q: number): Field {
  const hit = cache.get(q);
  if (hit) return hit;
  const pk = primePower(q);
  if (!pk) throw new Error(`GF(${q}) does not exist: ${q} is not a prime power`);
  const [p, k] = pk;
  const addT = new Uint16Array(q * q);
  const digs = Array.from({ length: q }, (_, a) => digits(a, p, k));
  for (let a = 0; a < q; a++)
    for (let b = 0; b < q; b++) addT[a * q + b] = fromDigits(digs[a]!.map((x, i) => (x + digs[b]![i]!) % p), p);
  const mulT = k === 1 ? primeMul(p) : extensionMul(p, k, digs);
  const negT = new Uint16Array(q);
  for (let a = 0; a < q; a++) for (let b = 0; b < q; b++) if (addT[a * q + b] === 0) negT[a] = b;
  const f: Field = {
    q,
    p,
    k,
    add: (a, b) => addT[a * q + b]!,
    mul: (a, b) => mulT[a * q + b]!,
    neg: (a) => negT[a]!,
  };
  cache.set(q, f);
  return f;
}

function primeMul(p: number): Uint16Array {
  const t = new Uint16Array(p * p);
  for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) t[a * p + b] = (a * b) % p;
  return t;
}

/**
 * Tries monic polynomials of degree k in a fixed order and keeps the first whose quotient ring
 * has no zero divisors, which is exactly when the polynomial is irreducible.
 */
function extensionMul(p: number, k: number, digs: number[][]): Uint16Array {
  const q = p ** k;
  for (let low = 0; low < q; low++) {
    const modulus = [...digits(low, p, k), 1];
    if (modulus[0] === 0) continue; // divisible by x
    const t = new Uint16Array(q * q);
    let ok = true;
    for (let a = 1; a < q && ok; a++) {
      for (let b = 1; b < q; b++) {
        const v = fromDigits(polyMulMod(digs[a]!, digs[b]!, modulus, p, k), p);
        if (v === 0) {
          ok = false;
          break;
        }
        t[a * q + b] = v;
      }
    }
    if (ok) return t;
  }
  throw new Error(`no irreducible polynomial of degree ${k} over GF(${p})`);
}
