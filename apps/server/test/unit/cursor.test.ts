import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../src/repositories/cursor';

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('cursors', () => {
  it('round-trips a text or integer position, opaque to clients', () => {
    const text = encodeCursor('2025-01-01T00:00:00.000Z', 'id-1');
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text, 'text')).toEqual({ value: '2025-01-01T00:00:00.000Z', id: 'id-1' });
    expect(decodeCursor(encodeCursor(42, 'id-2'), 'integer')).toEqual({ value: 42, id: 'id-2' });
  });

  it.each([
    ['no cursor', undefined, 'text'],
    ['not base64 JSON', '%%%', 'text'],
    ['a number where the column holds text', raw([5, 'id']), 'text'],
    ['text where the column holds integers', raw(['5', 'id']), 'integer'],
    ['an integer too big for the column', raw([2 ** 31, 'id']), 'integer'],
    ['a fraction', raw([1.5, 'id']), 'integer'],
    ['a NUL in the value', raw(['a\u0000b', 'id']), 'text'],
    ['an id that is not text', raw(['a', 7]), 'text'],
    ['not a pair', raw({ value: 'a', id: 'b' }), 'text'],
  ] as const)('starts from the beginning for %s', (_label, cursor, kind) => {
    expect(decodeCursor(cursor, kind)).toBeUndefined();
  });
});
