import { describe, expect, it } from 'vitest';
import { nameSortKey } from '../src';

/** Bytewise order, as SQLite's BINARY and PostgreSQL's "C" compare UTF-8: code point by code point. */
function bytewise(a: string, b: string): number {
  const [x, y] = [[...a], [...b]].map((s) => s.map((c) => c.codePointAt(0)!));
  for (let i = 0; i < Math.min(x!.length, y!.length); i++) if (x![i] !== y![i]) return x![i]! - y![i]!;
  return x!.length - y!.length;
}
const sorted = (names: string[]) =>
  [...names].sort((a, b) => bytewise(nameSortKey(a), nameSortKey(b)) || bytewise(a, b));

describe('nameSortKey', () => {
  it('folds case and drops accents', () => {
    expect(nameSortKey('Éclair')).toBe('eclair');
    expect(nameSortKey('ébène')).toBe('ebene');
    expect(nameSortKey('ÅNGSTRÖM')).toBe('angstrom');
  });

  it('folds German sharp s, Greek final sigma and both Turkish i', () => {
    expect(nameSortKey('Straße')).toBe(nameSortKey('STRASSE'));
    expect(nameSortKey('ẞ')).toBe('ss');
    expect(nameSortKey('ΟΔΥΣΣΕΥΣ')).toBe(nameSortKey('Οδυσσεύς'));
    expect(nameSortKey('Οδυσσεύς')).toBe('οδυσσευσ');
    expect(nameSortKey('İstanbul')).toBe('istanbul');
    expect(nameSortKey('ISTANBUL')).toBe('istanbul');
    expect(nameSortKey('ılık')).toBe('ilik');
  });

  it('decomposes ligatures and compatibility forms', () => {
    expect(nameSortKey('ﬁle')).toBe('file');
    expect(nameSortKey('Ｆｕｌｌ')).toBe('full');
  });

  it('orders accented names among their letters, ties broken by the exact name', () => {
    expect(sorted(['Ezra', 'ébène', 'Éclair', 'apple', 'Zeta'])).toEqual([
      'apple',
      'ébène',
      'Éclair',
      'Ezra',
      'Zeta',
    ]);
    expect(sorted(['ébène', 'Émile'])).toEqual(['ébène', 'Émile']);
    expect(sorted(['strasse', 'Straße', 'Strasse'])).toEqual(['Strasse', 'Straße', 'strasse']);
  });
});
