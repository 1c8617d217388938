import { describe, expect, it } from 'vitest';
import { cleanDisplayName, cleanFilename, downloadFilename, uploadFilename } from '../src';

describe('names', () => {
  it('strips direction marks, zero-width characters and controls, and turns paths into plain names', () => {
    expect(cleanFilename('evil\u202Egnp.exe')).toBe('evilgnp.exe');
    expect(cleanFilename('a\u061Cb\u200Bc\u200Dd\uFEFFe')).toBe('abcde');
    expect(cleanFilename('line\r\nbreak\u001b[31m')).toBe('linebreak[31m');
    expect(cleanFilename('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(cleanFilename('...')).toBe('');
    expect(cleanFilename('x'.repeat(300))).toHaveLength(255);
  });

  it('names an upload after the typed name, else the chosen file without its extension', () => {
    expect(uploadFilename('  Holiday  ', 'IMG_1.jpg')).toBe('Holiday');
    expect(uploadFilename('   ', 'IMG_1.jpg')).toBe('IMG_1');
    expect(uploadFilename(undefined, undefined)).toBe('Untitled');
  });

  it('saves a download as {name}.{ext} without doubling an extension the name already has', () => {
    expect(downloadFilename('Q3 report', 'application/pdf')).toBe('Q3 report.pdf');
    expect(downloadFilename('Q3 report.pdf', 'application/pdf')).toBe('Q3 report.pdf');
    expect(downloadFilename('Q3 report.PDF', 'application/pdf')).toBe('Q3 report.PDF');
    expect(downloadFilename('photo.pdf', 'image/png')).toBe('photo.pdf.png');
    expect(downloadFilename('blob', 'application/zip')).toBe('blob.bin');
  });
});

describe('cleanDisplayName', () => {
  it('cleans a person name like a file name and keeps at most 100 characters', () => {
    expect(cleanDisplayName('Eve\u202Egnp\u200B \r\n\u001bX')).toBe('Evegnp X');
    expect(cleanDisplayName('\u200B\u202E')).toBe('');
    expect([...cleanDisplayName('é'.repeat(150))]).toHaveLength(100);
  });
});
