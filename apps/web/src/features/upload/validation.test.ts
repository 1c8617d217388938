import { describe, expect, it } from 'vitest';
import {
  ALLOWED_MIME_TYPES,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  allowedTypesFor,
  fileTooLargeMessage,
  unsupportedTypeMessage,
} from '@cloudstash/contract';
import { chosenFileError, defaultFilename, quotaRoom, submitError } from './validation';

/** The defaults every instance starts with, but for the size limit given. */
const limits = (maxUploadBytes: number) => ({ maxUploadBytes, allowedTypes: ALLOWED_MIME_TYPES });

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
      expect(chosenFileError({ type, size: 100 }, limits(MAX_UPLOAD_BYTES))).toBeNull();
    }
    expect(
      chosenFileError({ type: 'image/png', size: MAX_UPLOAD_BYTES }, limits(MAX_UPLOAD_BYTES)),
    ).toBeNull();
  });

  it('refuses another type with the message naming it', () => {
    expect(chosenFileError(file('a.zip', 'application/zip'), limits(MAX_UPLOAD_BYTES))).toBe(
      'File type "application/zip" is not supported. Allowed types: image/jpeg, image/png, image/gif, image/webp, video/mp4, video/quicktime, video/webm, application/pdf, text/plain',
    );
  });

  it('checks the type against the types the instance allows, not the contract’s list', () => {
    const instance = { maxUploadBytes: MAX_UPLOAD_BYTES, allowedTypes: ['image/png', 'text/markdown'] };
    expect(chosenFileError({ type: 'text/markdown', size: 100 }, instance)).toBeNull();
    expect(chosenFileError({ type: 'video/mp4', size: 100 }, instance)).toBe(
      'File type "video/mp4" is not supported. Allowed types: image/png, text/markdown',
    );
  });

  it('refuses a file over 5MB with the message and its size', () => {
    expect(chosenFileError({ type: 'video/mp4', size: MAX_UPLOAD_BYTES + 1 }, limits(MAX_UPLOAD_BYTES))).toBe(
      'File size must be less than 5MB. Current file size: 5,242,881 Bytes',
    );
    expect(chosenFileError({ type: 'video/mp4', size: 6 * 1024 * 1024 }, limits(MAX_UPLOAD_BYTES))).toBe(
      'File size must be less than 5MB. Current file size: 6 MB',
    );
  });

  it('obeys the limit the instance was configured with, naming it', () => {
    const limit = 2 * 1024 ** 3;
    expect(chosenFileError({ type: 'video/mp4', size: limit }, limits(limit))).toBeNull();
    expect(chosenFileError({ type: 'video/mp4', size: limit + 1024 ** 3 }, limits(limit))).toBe(
      'File size must be less than 2GB. Current file size: 3 GB',
    );
    expect(chosenFileError({ type: 'video/mp4', size: 2000 }, limits(1500))).toBe(
      'File size must be less than 1.46 KB. Current file size: 1.95 KB',
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

describe('upload: the account quota', () => {
  it('refuses a file larger than what the quota leaves, and accepts one that fits exactly', () => {
    const room = quotaRoom({ quotaBytes: 1000, totalStorageUsed: 600 });
    expect(room).toBe(400);
    expect(chosenFileError({ type: 'image/png', size: 401 }, limits(MAX_UPLOAD_BYTES), room)).toBe(
      MESSAGES.quotaExceeded,
    );
    expect(MESSAGES.quotaExceeded).toBe('Storage quota exceeded');
    expect(chosenFileError({ type: 'image/png', size: 400 }, limits(MAX_UPLOAD_BYTES), room)).toBeNull();
  });

  it('leaves no room past a full quota, and no limit without one', () => {
    expect(quotaRoom({ quotaBytes: 1000, totalStorageUsed: 1200 })).toBe(0);
    expect(quotaRoom({ totalStorageUsed: 1200 })).toBeUndefined();
    expect(quotaRoom(undefined)).toBeUndefined();
    expect(chosenFileError({ type: 'image/png', size: 10 }, limits(MAX_UPLOAD_BYTES), undefined)).toBeNull();
  });
});

describe('chosenFileError under the instance setting', () => {
  it('takes any type, even one the browser cannot name, where any file is allowed; the size still counts', () => {
    const anyFile = { maxUploadBytes: MAX_UPLOAD_BYTES, allowedTypes: allowedTypesFor('any') };
    expect(chosenFileError({ type: 'application/zip', size: 100 }, anyFile)).toBeNull();
    expect(chosenFileError({ type: '', size: 100 }, anyFile)).toBeNull();
    expect(chosenFileError({ type: '', size: MAX_UPLOAD_BYTES + 1 }, anyFile)).toBe(
      fileTooLargeMessage(MAX_UPLOAD_BYTES + 1, MAX_UPLOAD_BYTES),
    );
  });

  it('takes the text formats a browser names on its own where plain text is allowed', () => {
    expect(chosenFileError({ type: 'text/csv', size: 100 }, limits(MAX_UPLOAD_BYTES))).toBeNull();
    expect(chosenFileError({ type: 'application/json', size: 100 }, limits(MAX_UPLOAD_BYTES))).toBeNull();
    expect(chosenFileError({ type: 'text/html', size: 100 }, limits(MAX_UPLOAD_BYTES))).toBe(
      unsupportedTypeMessage('text/html'),
    );
  });
});
