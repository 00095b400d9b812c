// The largest-remainder split, in integer cents. Pure, shared by the server (allocations,
// share-basis adjustments, distributions) and the client (previews never disagree with it).
//
// total × weightᵢ ÷ Σweights is each part's exact proportion. Every part gets that, rounded
// toward zero; the cents left over go one each to the parts with the largest remainders, ties
// to the earlier part (callers order parts by join date). A negative total is split as its
// absolute value and negated, so a loss is shared exactly as a win of the same size.
// BigInt arithmetic: total × weight can pass 2^53 when weights are balances in cents.

export interface SplitPart<K> {
  key: K;
  /** A non-negative integer weight (an equal split uses 1 each; a capital split, cents). */
  weight: number;
}

/**
 * Splits `total` cents among `parts` in proportion to their weights. The result has one amount
 * per part, in the parts' order, summing exactly to `total`, each within one cent of its exact
 * proportion. All weights zero (or no positive weight) → an equal split.
 */
export function largestRemainderSplit<K>(total: number, parts: readonly SplitPart<K>[]): number[] {
  if (!Number.isSafeInteger(total)) throw new RangeError(`Not a whole number of cents: ${total}`);
  if (parts.length === 0) {
    if (total === 0) return [];
    throw new RangeError('Nothing to split among');
  }
  for (const p of parts) {
    if (!Number.isSafeInteger(p.weight) || p.weight < 0) throw new RangeError(`Bad weight: ${p.weight}`);
  }
  const anyPositive = parts.some((p) => p.weight > 0);
  const weights = parts.map((p) => BigInt(anyPositive ? p.weight : 1));
  const sum = weights.reduce((a, b) => a + b, 0n);
  const sign = total < 0 ? -1n : 1n;
  const abs = BigInt(Math.abs(total));
  const floors = weights.map((w) => (abs * w) / sum);
  const remainders = weights.map((w) => (abs * w) % sum);
  let left = abs - floors.reduce((a, b) => a + b, 0n);
  // Indices by remainder, largest first; a stable sort keeps ties in the parts' order.
  const order = parts.map((_, i) => i).sort((a, b) => cmp(remainders[b]!, remainders[a]!));
  for (const i of order) {
    if (left === 0n) break;
    if (remainders[i] === 0n) continue;
    floors[i]! += 1n;
    left -= 1n;
  }
  return floors.map((f) => Number(f * sign));
}

const cmp = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
