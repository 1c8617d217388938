/** Standard normal CDF via the Abramowitz-Stegun 7.1.26 approximation of erf (error below 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * Two-sided Mann-Whitney U test (normal approximation with tie and continuity corrections): how likely two
 * samples this different in rank would be if both came from one distribution. Rank-based, so a few slow
 * outliers on a loaded machine move it little.
 */
export function mannWhitneyU(
  a: readonly number[],
  b: readonly number[],
): { u: number; z: number; p: number } {
  const n1 = a.length;
  const n2 = b.length;
  const all = [...a.map((v) => ({ v, first: true })), ...b.map((v) => ({ v, first: false }))].sort(
    (x, y) => x.v - y.v,
  );
  const n = all.length;
  let rankSumA = 0;
  let tieTerm = 0;
  for (let i = 0; i < n;) {
    let j = i;
    while (j + 1 < n && all[j + 1]!.v === all[i]!.v) j++;
    const averageRank = (i + j + 2) / 2;
    for (let k = i; k <= j; k++) if (all[k]!.first) rankSumA += averageRank;
    const ties = j - i + 1;
    tieTerm += ties ** 3 - ties;
    i = j + 1;
  }
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const mean = (n1 * n2) / 2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (variance <= 0) return { u, z: 0, p: 1 };
  const diff = u - mean;
  const z = (Math.sign(diff) * Math.max(Math.abs(diff) - 0.5, 0)) / Math.sqrt(variance);
  return { u, z, p: Math.min(1, 2 * (1 - normalCdf(Math.abs(z)))) };
}

/**
 * The Hodges–Lehmann estimate of how far `a` lies above `b`: the median of every difference a[i] - b[j], the
 * shift that goes with the U test. Unlike the difference of two medians it stays put when the times have two
 * modes (a disk whose fsyncs take either about 12 or about 35 ms): there each sample's median falls in the gap
 * between them, and moves across it with a few samples more on one side.
 */
export function hodgesLehmannShift(a: readonly number[], b: readonly number[]): number {
  const differences = new Float64Array(a.length * b.length);
  let k = 0;
  for (const x of a) for (const y of b) differences[k++] = x - y;
  differences.sort();
  const mid = differences.length >> 1;
  return differences.length % 2 ? differences[mid]! : (differences[mid - 1]! + differences[mid]!) / 2;
}
