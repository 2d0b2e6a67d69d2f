/**
 * `exp` and `log` that give the same bits on every JavaScript engine. `Math.exp` and `Math.log`
 * are only required to be approximations, and engines differ in the last bit: Node 20's V8 and
 * Chromium 156 disagree on a good share of arguments. The lab's reports (p-values, Elo ratings and
 * their intervals) go through these functions, and the lab page promises exactly the CLI's figures
 * for a seed, so the reports use these ports of fdlibm's `__ieee754_exp` and `__ieee754_log`
 * (Sun Microsystems, 1993; error below 1 ulp). They use only +, −, ×, ÷ and bit access, which
 * IEEE 754 defines exactly and JavaScript never fuses, so their results are the same everywhere.
 */

const view = new DataView(new ArrayBuffer(8));
const hiWord = (x: number): number => {
  view.setFloat64(0, x);
  return view.getInt32(0);
};
const loWord = (x: number): number => {
  view.setFloat64(0, x);
  return view.getUint32(4);
};
const withHiWord = (x: number, hi: number): number => {
  view.setFloat64(0, x);
  view.setInt32(0, hi);
  return view.getFloat64(0);
};

const LN2_HI = 6.93147180369123816490e-1;
const LN2_LO = 1.90821492927058770002e-10;
const INV_LN2 = 1.44269504088896338700;
const O_THRESHOLD = 7.09782712893383973096e2;
const U_THRESHOLD = -7.45133219101941108420e2;
const P1 = 1.66666666666666019037e-1;
const P2 = -2.77777777770155933842e-3;
const P3 = 6.61375632143793436117e-5;
const P4 = -1.65339022054652515390e-6;
const P5 = 4.13813679705723846039e-8;
const TWO_M1000 = 9.33263618503218878990e-302;

/** e^x, the same on every engine (fdlibm's algorithm). */
export function exp(x: number): number {
  let hx = hiWord(x);
  const negative = hx < 0;
  hx &= 0x7fffffff;
  if (hx >= 0x40862e42) {
    if (hx >= 0x7ff00000) return Number.isNaN(x) ? NaN : negative ? 0 : x;
    if (x > O_THRESHOLD) return Infinity;
    if (x < U_THRESHOLD) return 0;
  }
  let hi = 0;
  let lo = 0;
  let k = 0;
  if (hx > 0x3fd62e42) {
    // |x| > 0.5 ln 2: x = k ln2 + r with |r| <= 0.5 ln 2.
    if (hx < 0x3ff0a2b2) {
      hi = negative ? x + LN2_HI : x - LN2_HI;
      lo = negative ? -LN2_LO : LN2_LO;
      k = negative ? -1 : 1;
    } else {
      k = Math.trunc(INV_LN2 * x + (negative ? -0.5 : 0.5));
      hi = x - k * LN2_HI; // exact: k * LN2_HI has few bits
      lo = k * LN2_LO;
    }
    x = hi - lo;
  } else if (hx < 0x3e300000) {
    // |x| < 2^-28
    return 1 + x;
  }
  const t = x * x;
  const c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  if (k === 0) return 1 - ((x * c) / (c - 2) - x);
  const y = 1 - (lo - (x * c) / (2 - c) - hi);
  // y * 2^k, by adding k to the exponent (exact).
  if (k >= -1021) return withHiWord(y, hiWord(y) + k * 0x100000);
  return withHiWord(y, hiWord(y) + (k + 1000) * 0x100000) * TWO_M1000;
}

const TWO54 = 1.8014398509481984e16;
const LG1 = 6.666666666666735130e-1;
const LG2 = 3.999999999940941908e-1;
const LG3 = 2.857142874366239149e-1;
const LG4 = 2.222219843214978396e-1;
const LG5 = 1.818357216161805012e-1;
const LG6 = 1.531383769920937332e-1;
const LG7 = 1.479819860511658591e-1;

/** The natural logarithm, the same on every engine (fdlibm's algorithm). */
export function log(x: number): number {
  let hx = hiWord(x);
  const lx = loWord(x);
  let k = 0;
  if (hx < 0x00100000) {
    // x < 2^-1022: zero, negative or subnormal.
    if (((hx & 0x7fffffff) | lx) === 0) return -Infinity;
    if (hx < 0) return NaN;
    k -= 54;
    x *= TWO54;
    hx = hiWord(x);
  }
  if (hx >= 0x7ff00000) return x + x;
  k += (hx >> 20) - 1023;
  hx &= 0x000fffff;
  const i0 = (hx + 0x95f64) & 0x100000;
  x = withHiWord(x, hx | (i0 ^ 0x3ff00000)); // x or x/2 in [sqrt(2)/2, sqrt(2))
  k += i0 >> 20;
  const f = x - 1;
  if ((0x000fffff & (2 + hx)) < 3) {
    // |f| < 2^-20
    if (f === 0) return k === 0 ? 0 : k * LN2_HI + k * LN2_LO;
    const r = f * f * (0.5 - 0.3333333333333333 * f);
    return k === 0 ? f - r : k * LN2_HI - (r - k * LN2_LO - f);
  }
  const s = f / (2 + f);
  const z = s * s;
  const w = z * z;
  const t1 = w * (LG2 + w * (LG4 + w * LG6));
  const t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
  const r = t2 + t1;
  if (((hx - 0x6147a) | (0x6b851 - hx)) > 0) {
    const hfsq = 0.5 * f * f;
    return k === 0 ? f - (hfsq - s * (hfsq + r)) : k * LN2_HI - (hfsq - (s * (hfsq + r) + k * LN2_LO) - f);
  }
  return k === 0 ? f - s * (f - r) : k * LN2_HI - (s * (f - r) - k * LN2_LO - f);
}
