import { describe, expect, it } from 'vitest';
import {
  DARK_THEMES,
  LIGHT_THEMES,
  MESSAGES,
  dedupFigures,
  extensionForMime,
  fileCategory,
  fileTooLargeMessage,
  formatLimit,
  filenameWithoutExtension,
  fileTypeLabel,
  formatDate,
  formatPercent,
  formatRatio,
  formatSize,
  loginBodySchema,
  registerBodySchema,
  unsupportedTypeMessage,
  updateFileBodySchema,
} from '../src';

describe('formatSize', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [1234567, '1.18 MB'],
    [3 * 1024 ** 3, '3 GB'],
  ])('%d bytes -> %s', (bytes, text) => expect(formatSize(bytes)).toBe(text));
});

describe('formatDate', () => {
  it('uses en-US with a short month, hour and minute', () => {
    const text = formatDate('2025-03-07T15:04:00.000Z');
    expect(text).toMatch(/^Mar \d{1,2}, 2025, \d{2}:\d{2} (AM|PM)$/);
  });
});

describe('media rules', () => {
  it('labels and groups types', () => {
    expect(fileTypeLabel('image/png')).toBe('Image');
    expect(fileTypeLabel('video/webm')).toBe('Video');
    expect(fileTypeLabel('application/pdf')).toBe('PDF');
    expect(fileTypeLabel('text/plain')).toBe('Text');
    expect(fileTypeLabel('application/octet-stream')).toBe('File');
    expect(fileCategory('text/plain')).toBe('document');
    expect(fileCategory('application/pdf')).toBe('document');
    expect(fileCategory('application/zip')).toBe('other');
  });
  it('saves downloads with the extension of their type, falling back to bin', () => {
    expect(extensionForMime('video/quicktime')).toBe('mov');
    expect(extensionForMime('text/plain; charset=utf-8')).toBe('txt');
    expect(extensionForMime('application/x-unknown')).toBe('bin');
  });
  it('defaults a filename to the chosen name without its extension', () => {
    expect(filenameWithoutExtension('holiday.photo.jpg')).toBe('holiday.photo');
    expect(filenameWithoutExtension('.env')).toBe('.env');
    expect(filenameWithoutExtension('README')).toBe('README');
  });
  it('words the upload refusals', () => {
    expect(unsupportedTypeMessage('text/html')).toMatch(
      /^File type "text\/html" is not supported\. Allowed types: image\/jpeg, /,
    );
    expect(fileTooLargeMessage(6 * 1024 * 1024)).toBe(
      'File size must be less than 5MB. Current file size: 6 MB',
    );
  });
  it('shows a size just over the limit with the decimals, or the bytes, that make it read as over', () => {
    const limit = 5 * 1024 * 1024;
    expect(fileTooLargeMessage(limit + 1, limit)).toBe(
      'File size must be less than 5MB. Current file size: 5,242,881 Bytes',
    );
    expect(fileTooLargeMessage(limit + 5000, limit)).toBe(
      'File size must be less than 5MB. Current file size: 5.005 MB',
    );
    expect(fileTooLargeMessage(limit + 20_000, limit)).toBe(
      'File size must be less than 5MB. Current file size: 5.02 MB',
    );
    // A limit that is not whole megabytes reads as its rounded figure: the size must read as more than that.
    expect(fileTooLargeMessage(1504, 1503)).toBe(
      'File size must be less than 1.47 KB. Current file size: 1,504 Bytes',
    );
    expect(fileTooLargeMessage(2 * 1024 ** 3 + 1, 2 * 1024 ** 3)).toBe(
      'File size must be less than 2GB. Current file size: 2,147,483,649 Bytes',
    );
  });
  it('leaves the size out of the size refusal when it is not known', () => {
    expect(fileTooLargeMessage()).toBe('File size must be less than 5MB.');
    expect(fileTooLargeMessage(undefined, 5 * 1024 * 1024)).toBe('File size must be less than 5MB.');
  });
  it('words the upload limit as the refusal does', () => {
    expect(formatLimit(5 * 1024 * 1024)).toBe('5MB');
    expect(formatLimit(20 * 1024 * 1024)).toBe('20MB');
    expect(formatLimit(256 * 1024)).toBe('256 KB');
    expect(formatLimit(10 * 1024 ** 3)).toBe('10GB');
    expect(formatLimit(1536 * 1024 * 1024)).toBe('1536MB');
    expect(fileTooLargeMessage(300 * 1024, 256 * 1024)).toBe(
      'File size must be less than 256 KB. Current file size: 300 KB',
    );
  });
});

describe('validation', () => {
  const valid = { name: 'Ada', email: ' Ada@Example.COM ', password: 'Secret123' };
  const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.error?.issues[0]?.message;

  it('normalises a valid registration', () => {
    const parsed = registerBodySchema.parse(valid);
    expect(parsed.email).toBe('ada@example.com');
  });
  it.each([
    [{ ...valid, name: '   ' }, MESSAGES.nameRequired],
    [{ ...valid, email: 'not-an-email' }, MESSAGES.emailInvalid],
    [{ ...valid, password: 'short1A' }, MESSAGES.passwordRule],
    [{ ...valid, password: 'alllowercase1' }, MESSAGES.passwordRule],
    [{ ...valid, password: 'ALLUPPERCASE1' }, MESSAGES.passwordRule],
    [{ ...valid, password: 'NoDigitsHere' }, MESSAGES.passwordRule],
    [{ ...valid, password: '' }, MESSAGES.passwordRequired],
  ])('refuses %o with its hint', (body, message) => {
    expect(firstMessage(registerBodySchema.safeParse(body))).toBe(message);
  });
  it('accepts any Unicode up to 128 characters and refuses longer', () => {
    expect(registerBodySchema.safeParse({ ...valid, password: 'Ünïcødé1Ø' + 'x'.repeat(100) }).success).toBe(
      true,
    );
    expect(firstMessage(registerBodySchema.safeParse({ ...valid, password: 'Aa1' + 'x'.repeat(126) }))).toBe(
      MESSAGES.passwordTooLong,
    );
  });
  it('refuses an over-long sign-in password with the length message', () => {
    expect(
      firstMessage(loginBodySchema.safeParse({ email: 'a@b.co', password: 'Aa1' + 'x'.repeat(1200) })),
    ).toBe(MESSAGES.passwordTooLong);
  });
  it.each(['admin@localhost', 'a!b@x.io', "o'brien+files@mail.example.org"])(
    'accepts %s on both forms, as a browser email field does',
    (email) => {
      expect(registerBodySchema.safeParse({ ...valid, email }).success).toBe(true);
      expect(loginBodySchema.safeParse({ email, password: 'x' }).success).toBe(true);
    },
  );
  it.each(['plainaddress', 'a@', '@x.io', 'a b@x.io', 'a@x..io', 'a@-x.io'])(
    'refuses %s on both forms, as a browser email field does',
    (email) => {
      expect(firstMessage(registerBodySchema.safeParse({ ...valid, email }))).toBe(MESSAGES.emailInvalid);
      expect(firstMessage(loginBodySchema.safeParse({ email, password: 'x' }))).toBe(MESSAGES.emailInvalid);
    },
  );
  it('requires login fields', () => {
    expect(firstMessage(loginBodySchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(
      MESSAGES.passwordRequired,
    );
  });
  it('reads isPublic from form text', () => {
    expect(updateFileBodySchema.parse({ filename: ' x ', isPublic: 'true' })).toEqual({
      filename: 'x',
      isPublic: true,
    });
    expect(updateFileBodySchema.parse({ filename: 'x', isPublic: 'false' }).isPublic).toBe(false);
    expect(updateFileBodySchema.safeParse({ filename: '  ' }).error?.issues[0]?.message).toBe(
      MESSAGES.editFilenameRequired,
    );
    expect(updateFileBodySchema.safeParse({ filename: 'x'.repeat(255) }).success).toBe(true);
    expect(updateFileBodySchema.safeParse({ filename: 'x'.repeat(256) }).error?.issues[0]?.message).toBe(
      'File name must be at most 255 characters',
    );
  });
});

describe('themes and figures', () => {
  it('offers 16 light and 13 dark themes', () => {
    expect(LIGHT_THEMES).toHaveLength(16);
    expect(DARK_THEMES).toHaveLength(13);
  });
  it('derives efficiency, duplicate ratio and duplicate share', () => {
    const f = dedupFigures({
      totalLogicalSize: 400,
      totalPhysicalSize: 100,
      storageSaved: 300,
      totalFilesUploaded: 4,
      uniqueFilesStored: 1,
      totalUsers: 2,
      mostDuplicatedFile: null,
      topUploader: null,
    });
    expect(f).toEqual({ efficiency: '75.0%', duplicateRatio: '4.00x', duplicateUploads: '75.0%' });
  });
  it('shows a ratio under 10 with two decimals and from 10 up with one', () => {
    expect(formatRatio(68, 66)).toBe('1.03x');
    expect(formatRatio(4, 1)).toBe('4.00x');
    expect(formatRatio(999, 100)).toBe('9.99x');
    expect(formatRatio(10, 1)).toBe('10.0x');
    expect(formatRatio(125, 4)).toBe('31.3x');
    expect(formatRatio(0, 0)).toBe('0.00x');
  });
  it('shows a percentage with one decimal, 0.0% of nothing', () => {
    expect(formatPercent(2, 68)).toBe('2.9%');
    expect(formatPercent(1, 0)).toBe('0.0%');
  });
});
