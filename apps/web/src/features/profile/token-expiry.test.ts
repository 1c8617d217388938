import { describe, expect, it } from 'vitest';
import { tokenExpiry } from './token-expiry';

describe('token expiry from a date field', () => {
  it('is null (never expires) when no date is chosen', () => {
    expect(tokenExpiry('')).toBeNull();
  });

  it('is the last moment of the chosen day, local time', () => {
    const expiry = new Date(tokenExpiry('2030-06-15')!);
    expect(expiry.getFullYear()).toBe(2030);
    expect(expiry.getMonth()).toBe(5);
    expect(expiry.getDate()).toBe(15);
    expect(expiry.getHours()).toBe(23);
    expect(expiry.getMinutes()).toBe(59);
  });

  it('passes an unreadable date on unchanged for the schema to refuse', () => {
    expect(tokenExpiry('not a date')).toBe('not a date');
  });
});
