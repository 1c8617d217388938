import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, MESSAGES } from '@cloudstash/contract';
import { chosenFileError, defaultFilename, submitError } from './validation';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('upload: client-side refusal', () => {
  it('accepts every allowed type up to 5MB', () => {
    for (const type of [
      'image/jpeg',
      'image/png',
      'image/gif',
      'image/webp',
      'video/mp4',
      'video/quicktime',
      'video/webm',
      'application/pdf',
      'text/plain',
    ]) {
      expect(chosenFileError({ type, size: 100 })).toBeNull();
    }
    expect(chosenFileError({ type: 'image/png', size: MAX_UPLOAD_BYTES })).toBeNull();
  });

  it('refuses another type with the message naming it', () => {
    expect(chosenFileError(file('a.zip', 'application/zip'))).toBe(
      'File type "application/zip" is not supported. Allowed types: image/jpeg, image/png, image/gif, image/webp, video/mp4, video/quicktime, video/webm, application/pdf, text/plain',
    );
  });

  it('refuses a file over 5MB with the message and its size', () => {
    expect(chosenFileError({ type: 'video/mp4', size: MAX_UPLOAD_BYTES + 1 })).toBe(
      'File size must be less than 5MB. Current file size: 5 MB',
    );
    expect(chosenFileError({ type: 'video/mp4', size: 6 * 1024 * 1024 })).toBe(
      'File size must be less than 5MB. Current file size: 6 MB',
    );
  });
});

describe('upload: filename', () => {
  it('defaults to the file name without its extension', () => {
    expect(defaultFilename(file('holiday.photo.jpg', 'image/jpeg'))).toBe('holiday.photo');
    expect(defaultFilename(file('README', 'text/plain'))).toBe('README');
    expect(defaultFilename(file('.env', 'text/plain'))).toBe('.env');
  });

  it('asks for a filename, then for a file, on submit', () => {
    expect(submitError(file('a.png', 'image/png'), '   ')).toBe(MESSAGES.uploadFilenameRequired);
    expect(submitError(null, 'name')).toBe(MESSAGES.selectFile);
    expect(submitError(file('a.png', 'image/png'), 'a')).toBeNull();
  });
});
