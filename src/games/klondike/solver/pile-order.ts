/**
 * The piles by size, largest first, piles of one size by index: the order in which the card-set
 * search tries the surface cards ('deepest first', card-set-search.ts). The search asks for it at
 * every position and changes one pile's size by one at a time, so the order is kept up to date
 * (`resized` moves the one pile a step at a time) instead of sorted at every position.
 *
 * Invariant: `piles` is a permutation of 0..n−1 sorted by `sizes` descending, then by index, and
 * `placeOf[piles[i]] === i`, as long as every change to `sizes` is followed by `resized` of the
 * pile changed.
 */
export class PileOrder {
  /** The piles in order. */
  readonly piles: Int32Array;
  private readonly placeOf: Int32Array;

  /** `sizes` is read, never written, and is the array whose changes `resized` is told of. */
  constructor(private readonly sizes: ArrayLike<number>) {
    const count = sizes.length;
    this.piles = Int32Array.from({ length: count }, (_, p) => p).sort((a, b) => sizes[b]! - sizes[a]! || a - b);
    this.placeOf = new Int32Array(count);
    this.piles.forEach((p, i) => (this.placeOf[p] = i));
  }

  /** Pile p's size has changed: p moves to its place (the others keep their order). */
  resized(p: number): void {
    const { piles, placeOf, sizes } = this;
    const size = sizes[p]!;
    let i = placeOf[p]!;
    // Later while the next pile comes first (larger, or as large and of a lower index)…
    while (i + 1 < piles.length) {
      const q = piles[i + 1]!;
      if (sizes[q]! < size || (sizes[q] === size && q > p)) break;
      piles[i] = q;
      placeOf[q] = i++;
    }
    // …or earlier while the pile before it comes after (smaller, or as small and of a higher index).
    while (i > 0) {
      const q = piles[i - 1]!;
      if (sizes[q]! > size || (sizes[q] === size && q < p)) break;
      piles[i] = q;
      placeOf[q] = i--;
    }
    piles[i] = p;
    placeOf[p] = i;
  }
}
