import { describe, expect, it } from 'vitest';
import {
  cleanDisplayName,
  cleanFilename,
  downloadFilename,
  exactUploadName,
  savedFilename,
  uploadFilename,
} from '../src';

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

  it('keeps any extension registered for the type, in any case, instead of adding the saved one', () => {
    expect(downloadFilename('Zeta.jpeg', 'image/jpeg')).toBe('Zeta.jpeg');
    expect(downloadFilename('Zeta.JPEG', 'image/jpeg')).toBe('Zeta.JPEG');
    expect(downloadFilename('Zeta.jpe', 'image/jpeg')).toBe('Zeta.jpe');
    expect(downloadFilename('Clip.qt', 'video/quicktime')).toBe('Clip.qt');
    expect(downloadFilename('Clip.MOV', 'video/quicktime')).toBe('Clip.MOV');
    expect(downloadFilename('notes.text', 'text/plain; charset=utf-8')).toBe('notes.text');
    expect(downloadFilename('server.log', 'text/plain')).toBe('server.log');
    expect(downloadFilename('Clip.mpg4', 'video/mp4')).toBe('Clip.mpg4');
    // An alias of another type is not this type's extension.
    expect(downloadFilename('Zeta.jpeg', 'image/png')).toBe('Zeta.jpeg.png');
    expect(downloadFilename('Clip.qt', 'video/mp4')).toBe('Clip.qt.mp4');
    // The extension must follow a dot: a name merely ending in the letters gets one.
    expect(downloadFilename('Context', 'text/plain')).toBe('Context.txt');
  });
});

describe('cleanDisplayName', () => {
  it('cleans a person name like a file name and keeps at most 100 characters', () => {
    expect(cleanDisplayName('Eve\u202Egnp\u200B \r\n\u001bX')).toBe('Evegnp X');
    expect(cleanDisplayName('\u200B\u202E')).toBe('');
    expect([...cleanDisplayName('é'.repeat(150))]).toHaveLength(100);
  });
});

describe('names kept as sent (an instance that takes any type)', () => {
  it('keeps the chosen file’s whole name, whatever the type its bytes are', () => {
    expect(exactUploadName(undefined, 'Pitch deck.key')).toBe('Pitch deck.key');
    expect(exactUploadName('Pitch deck', 'Pitch deck.key')).toBe('Pitch deck.key');
    expect(exactUploadName('archive.tar', 'archive.tar.gz')).toBe('archive.tar.gz');
    expect(exactUploadName('', 'render.mov')).toBe('render.mov');
  });

  it('keeps a typed name as typed, with the chosen file’s extension when it has none', () => {
    expect(exactUploadName('Logo', 'Logo final.ai')).toBe('Logo.ai');
    expect(exactUploadName('Logo.pdf', 'Logo final.ai')).toBe('Logo.pdf');
    expect(exactUploadName('Notes', 'README')).toBe('Notes');
    expect(exactUploadName('bad\u202Ename', 'x.txt')).toBe('badname.txt');
  });

  it('saves an exact name as it is and any other with the extension of its type', () => {
    expect(savedFilename('Logo final.ai', 'application/pdf', true)).toBe('Logo final.ai');
    expect(savedFilename('Holiday', 'image/jpeg', false)).toBe('Holiday.jpg');
  });
});
