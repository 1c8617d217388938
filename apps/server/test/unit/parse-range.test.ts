import { describe, expect, it } from 'vitest';
import { parseRange } from '../../src/http/send-content';

describe('parseRange', () => {
  const size = 1000;
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=900-', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    [' bytes=5-5 ', { start: 5, end: 5 }],
  ])('reads %s as one range', (header, range) => {
    expect(parseRange(header, size)).toEqual(range);
  });

  it.each(['bytes=1000-', 'bytes=1000-1001', 'bytes=-0', 'bytes=50-10'])(
    'answers %s as not satisfiable',
    (header) => {
      expect(parseRange(header, size)).toBe('unsatisfiable');
    },
  );

  it.each([undefined, '', 'bytes=-', 'bytes=0-1,5-9', 'items=0-9', 'bytes=a-b', 'bytes 0-9'])(
    'serves the whole body for %s',
    (header) => {
      expect(parseRange(header, size)).toBeUndefined();
    },
  );

  it('finds nothing to serve in an empty file', () => {
    expect(parseRange('bytes=0-0', 0)).toBe('unsatisfiable');
  });
});
