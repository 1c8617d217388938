import { describe, expect, it } from 'vitest';
import { hodgesLehmannShift, mannWhitneyU } from '@cloudstash/test-support/mann-whitney';

describe('mannWhitneyU', () => {
  it('matches the textbook figures for two separated samples', () => {
    const { u, z, p } = mannWhitneyU([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]);
    expect(u).toBe(0);
    expect(z).toBeCloseTo(-2.5067, 3);
    // scipy.stats.mannwhitneyu(..., method='asymptotic') gives 0.01219
    expect(p).toBeCloseTo(0.01219, 4);
  });

  it('is symmetric and handles ties with average ranks', () => {
    const a = [1, 2, 2, 3, 5, 8];
    const b = [2, 3, 3, 4, 9, 10, 11];
    const ab = mannWhitneyU(a, b);
    const ba = mannWhitneyU(b, a);
    expect(ab.u + ba.u).toBe(a.length * b.length);
    expect(ab.p).toBeCloseTo(ba.p, 10);
    // Pairs where a wins, ties counting a half: 0 + 2 x 0.5 + (1 + 2 x 0.5) + 4 + 4.
    expect(ab.u).toBe(11);
  });

  it('does not separate samples from one distribution, and separates shifted ones', () => {
    const noise = (i: number) => ((i * 7919) % 101) / 101;
    const same = mannWhitneyU(
      Array.from({ length: 60 }, (_, i) => noise(i)),
      Array.from({ length: 60 }, (_, i) => noise(i + 60)),
    );
    expect(same.p).toBeGreaterThan(0.05);
    const shifted = mannWhitneyU(
      Array.from({ length: 60 }, (_, i) => noise(i)),
      Array.from({ length: 60 }, (_, i) => noise(i + 60) + 0.5),
    );
    expect(shifted.p).toBeLessThan(0.001);
    expect(mannWhitneyU([4, 4, 4], [4, 4, 4]).p).toBe(1);
  });
});

describe('hodgesLehmannShift', () => {
  it('is the median of the pairwise differences', () => {
    // Differences of [3, 5] against [1, 2]: 2, 1, 4, 3; their median is 2.5.
    expect(hodgesLehmannShift([3, 5], [1, 2])).toBe(2.5);
    expect(hodgesLehmannShift([1, 2], [3, 5])).toBe(-2.5);
  });

  it('finds no shift between two samples of the same two-mode times, where their medians differ', () => {
    // Both half fast (10-14 ms) and half slow (30-34 ms); one sample has one fast time more.
    const a = [10, 11, 12, 13, 14, 30, 31, 32, 33, 34, 12];
    const b = [10, 11, 12, 13, 14, 30, 31, 32, 33, 34, 32];
    expect(Math.abs([...a].sort((x, y) => x - y)[5]! - [...b].sort((x, y) => x - y)[5]!)).toBeGreaterThan(15);
    expect(Math.abs(hodgesLehmannShift(a, b))).toBeLessThanOrEqual(1);
    expect(
      hodgesLehmannShift(
        b.map((t) => t + 3),
        b,
      ),
    ).toBe(3);
  });
});
