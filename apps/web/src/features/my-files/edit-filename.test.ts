import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { editFilenameError, savedAsName } from './edit-filename';

describe('edit dialog: filename', () => {
  it('accepts a name up to 255 characters', () => {
    expect(editFilenameError('Holiday photos')).toBeNull();
    expect(editFilenameError('x'.repeat(255))).toBeNull();
  });

  it('names the limit for a longer name, not "required"', () => {
    expect(editFilenameError('x'.repeat(256))).toBe('File name must be at most 255 characters');
  });

  it('asks for a name when it is blank or only characters the server removes', () => {
    expect(editFilenameError('   ')).toBe(MESSAGES.editFilenameRequired);
    expect(editFilenameError('\u202E\u0007')).toBe(MESSAGES.editFilenameRequired);
  });

  it('says what will be saved when cleaning changes the name', () => {
    expect(savedAsName('reports/2026\u202Eq3')).toBe('reports_2026q3');
    expect(savedAsName('a\\b')).toBe('a_b');
    expect(savedAsName('two  spaces')).toBe('two spaces');
  });

  it('says nothing when the name is kept as typed (surrounding spaces are trimmed anyway)', () => {
    expect(savedAsName('tidy name')).toBeNull();
    expect(savedAsName('  tidy name ')).toBeNull();
    expect(savedAsName('')).toBeNull();
  });
});
