import { describe, expect, it } from 'vitest';
import { addSample, bytesPerSecond, timeLeft } from './transfer-rate';

describe('upload speed and time left', () => {
  it('measures the rate over the recent readings only', () => {
    let samples = addSample([], { at: 0, sent: 0 });
    expect(bytesPerSecond(samples)).toBeNull();
    samples = addSample(samples, { at: 1000, sent: 1_000_000 });
    expect(bytesPerSecond(samples)).toBe(1_000_000);
    // Ten seconds later at a slower pace: the first seconds no longer count.
    samples = addSample(samples, { at: 10_000, sent: 2_000_000 });
    samples = addSample(samples, { at: 12_000, sent: 2_500_000 });
    expect(bytesPerSecond(samples)).toBe(250_000);
  });

  it('words the time left in hours, minutes or seconds', () => {
    expect(timeLeft(1000, null)).toBeNull();
    expect(timeLeft(45_000, 1000)).toBe('45 s');
    expect(timeLeft(200_000, 1000)).toBe('3 min 20 s');
    expect(timeLeft(3_900_000, 1000)).toBe('1 h 5 min');
  });
});
