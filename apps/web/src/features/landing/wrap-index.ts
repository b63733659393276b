/**
 * Wraps any integer index into 0..n-1, so stepping past either end of a carousel lands on the
 * other end (-1 → n-1, n → 0). Returns 0 for an empty list rather than NaN.
 */
export function wrapIndex(i: number, n: number): number {
  if (n <= 0) return 0;
  return ((i % n) + n) % n;
}
