import { describe, expect, it } from 'vitest';
import { ifHeaderHolds, parseIfHeader, submittedTokens } from '../../src/services/dav/if-header';
import { lockTimeout } from '../../src/services/dav/locks';
import { VisibleNames, numbered, storedNameCandidates } from '../../src/services/dav/names';

const pathOf = (url: string) => new URL(url, 'http://h').pathname.replace(/^\/dav/, '') || '/';

describe('If header', () => {
  const state = (etag: string, tokens: string[]) => async () => ({ etag, lockTokens: new Set(tokens) });

  it('holds when any list holds, and names every submitted token', async () => {
    const lists = parseIfHeader('(<opaquelocktoken:bad>) (Not <DAV:no-lock>)', pathOf);
    expect(await ifHeaderHolds(lists, state('"e"', ['opaquelocktoken:good']))).toBe(true);
    expect([...submittedTokens(lists)]).toEqual(['opaquelocktoken:bad', 'DAV:no-lock']);
  });

  it('fails when every list fails (a lock token with the wrong entity tag, twice)', async () => {
    const lists = parseIfHeader('(<opaquelocktoken:t> ["x"]) (Not <DAV:no-lock> ["x"])', pathOf);
    expect(await ifHeaderHolds(lists, state('"e"', ['opaquelocktoken:t']))).toBe(false);
  });

  it('reads resource tags and refuses a malformed header', () => {
    const [list] = parseIfHeader('<http://h/dav/a%20b> (<opaquelocktoken:t>)', pathOf);
    expect(list!.resource).toBe('/a%20b');
    expect(() => parseIfHeader('(<unterminated', pathOf)).toThrow();
  });
});

describe('visible names', () => {
  it('numbers equal names in creation order and finds the stored names behind a numbered one', () => {
    const names = new VisibleNames();
    const jpeg = { filename: 'holiday', exact_name: 0, mimetype: 'image/jpeg' };
    expect(names.next(jpeg)).toBe('holiday.jpg');
    expect(names.next(jpeg)).toBe('holiday (2).jpg');
    expect(names.next({ filename: 'holiday.jpg', exact_name: 1, mimetype: 'text/plain' })).toBe(
      'holiday (3).jpg',
    );
    expect(numbered('.hidden', 2)).toBe('.hidden (2)');
    expect(storedNameCandidates('holiday (2).jpg')).toEqual(
      expect.arrayContaining(['holiday (2).jpg', 'holiday.jpg', 'holiday']),
    );
  });

  it('keeps an exact name byte for byte whatever its type', () => {
    expect(
      new VisibleNames().next({
        filename: 'file 1 #%&+.txt',
        exact_name: 1,
        mimetype: 'application/octet-stream',
      }),
    ).toBe('file 1 #%&+.txt');
  });
});

describe('locks', () => {
  it('reads Timeout headers and caps them at a day', () => {
    expect(lockTimeout('Second-600')).toBe(600);
    expect(lockTimeout('Infinite, Second-4100000000')).toBe(86_400);
    expect(lockTimeout(undefined)).toBe(3600);
  });
});
