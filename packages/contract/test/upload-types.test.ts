import { describe, expect, it } from 'vitest';
import {
  ALLOWED_MIME_TYPES,
  ANY_FILE_TYPE,
  allowedTypesFor,
  chosenFileTypeLabel,
  downloadFilename,
  extensionFitsType,
  fileCategory,
  fileTypeLabel,
  nameExtension,
  otherTypeForExtension,
  previewKind,
  typeIsAllowed,
  uploadFilename,
} from '../src';

describe('allowed upload types', () => {
  it('lists the spec types under media and the wildcard under any', () => {
    expect(allowedTypesFor('media')).toEqual([...ALLOWED_MIME_TYPES]);
    expect(allowedTypesFor('any')).toEqual([ANY_FILE_TYPE]);
  });

  it('lets a client through what the list allows, text formats where plain text is, and anything under any', () => {
    const media = allowedTypesFor('media');
    expect(typeIsAllowed(media, 'image/png')).toBe(true);
    expect(typeIsAllowed(media, 'text/csv')).toBe(true);
    expect(typeIsAllowed(media, 'application/json')).toBe(true);
    expect(typeIsAllowed(media, 'text/html')).toBe(false);
    expect(typeIsAllowed(media, 'application/zip')).toBe(false);
    expect(typeIsAllowed(media, '')).toBe(false);
    expect(typeIsAllowed(['image/png'], 'text/csv')).toBe(false);
    const any = allowedTypesFor('any');
    expect(typeIsAllowed(any, 'application/zip')).toBe(true);
    expect(typeIsAllowed(any, '')).toBe(true);
  });
});

describe('labels and previews', () => {
  it("labels what the spec does not name 'File', and previews only the spec's types", () => {
    expect(fileTypeLabel('image/svg+xml')).toBe('File');
    expect(fileTypeLabel('text/html')).toBe('File');
    expect(fileTypeLabel('application/octet-stream')).toBe('File');
    expect(fileTypeLabel('text/plain; charset=utf-8')).toBe('Text');
    expect(fileTypeLabel('image/webp')).toBe('Image');
    expect(previewKind('image/svg+xml')).toBe('none');
    expect(previewKind('text/html')).toBe('none');
    expect(previewKind('application/xml')).toBe('none');
    expect(previewKind('image/gif')).toBe('image');
    expect(previewKind('text/plain')).toBe('text');
    expect(fileCategory('image/svg+xml')).toBe('other');
    expect(fileCategory('video/x-matroska')).toBe('other');
    expect(fileCategory('video/mp4')).toBe('video');
    expect(chosenFileTypeLabel('text/csv')).toBe('Text');
    expect(chosenFileTypeLabel('application/json')).toBe('Text');
    expect(chosenFileTypeLabel('text/html')).toBe('File');
    expect(chosenFileTypeLabel('image/png')).toBe('Image');
  });
});

describe('extensions', () => {
  it('reads the extension after the last dot, not a leading one', () => {
    expect(nameExtension('budget.csv')).toBe('csv');
    expect(nameExtension('archive.tar.gz')).toBe('gz');
    expect(nameExtension('.env')).toBeUndefined();
    expect(nameExtension('README')).toBeUndefined();
    expect(nameExtension('v1.2 final draft')).toBeUndefined();
  });

  it('fits an extension to a type: its own, text formats to text, and for unnamed types the detected one', () => {
    expect(extensionFitsType('CSV', 'text/plain')).toBe(true);
    expect(extensionFitsType('md', 'text/plain')).toBe(true);
    expect(extensionFitsType('json', 'text/plain; charset=utf-8')).toBe(true);
    expect(extensionFitsType('html', 'text/plain')).toBe(false);
    expect(extensionFitsType('svg', 'image/svg+xml')).toBe(true);
    expect(
      extensionFitsType(
        'docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'docx',
      ),
    ).toBe(true);
    expect(extensionFitsType('pdf', 'application/zip', 'zip')).toBe(false);
    expect(extensionFitsType('img', 'application/octet-stream')).toBe(true);
    expect(extensionFitsType('jpg', 'application/octet-stream')).toBe(false);
    expect(otherTypeForExtension('XML')).toBe('application/xml');
    expect(otherTypeForExtension('csv')).toBeUndefined();
  });

  it('names an upload with the extension it came with when it fits, and not the one a download adds', () => {
    const text = { mimetype: 'text/plain' };
    expect(uploadFilename(undefined, 'budget.csv', text)).toBe('budget.csv');
    expect(uploadFilename('Q3', 'budget.csv', text)).toBe('Q3.csv');
    expect(uploadFilename('Q3.tsv', 'budget.csv', text)).toBe('Q3.tsv');
    expect(uploadFilename(undefined, 'notes.txt', text)).toBe('notes');
    expect(uploadFilename(undefined, 'page.html', text)).toBe('page');
    expect(uploadFilename(undefined, 'IMG_1.jpg', { mimetype: 'image/jpeg' })).toBe('IMG_1');
    expect(uploadFilename(undefined, 'IMG_1.JPEG', { mimetype: 'image/jpeg' })).toBe('IMG_1.JPEG');
    expect(uploadFilename('Holiday', 'IMG_1.png', { mimetype: 'image/jpeg' })).toBe('Holiday');
    const zip = { mimetype: 'application/zip', detectedExtension: 'zip' };
    expect(uploadFilename(undefined, 'archive.zip', zip)).toBe('archive.zip');
    expect(uploadFilename('Backup', 'archive.zip', zip)).toBe('Backup.zip');
    expect(uploadFilename('Backup', 'archive.pdf', zip)).toBe('Backup.zip');
    expect(uploadFilename(undefined, 'photo.jpg', { mimetype: 'application/octet-stream' })).toBe('photo');
    expect(uploadFilename(undefined, 'firmware.img', { mimetype: 'application/octet-stream' })).toBe(
      'firmware.img',
    );
    expect(uploadFilename('x'.repeat(300), 'a.csv', text)).toBe(`${'x'.repeat(251)}.csv`);
  });

  it('downloads such names as they are, and others with the type extension', () => {
    expect(downloadFilename('budget.csv', 'text/plain')).toBe('budget.csv');
    expect(downloadFilename('notes.md', 'text/plain; charset=utf-8')).toBe('notes.md');
    expect(downloadFilename('data.json', 'text/plain')).toBe('data.json');
    expect(downloadFilename('page.html', 'text/plain')).toBe('page.html.txt');
    expect(downloadFilename('page', 'text/html')).toBe('page.html');
    expect(downloadFilename('logo.svg', 'image/svg+xml')).toBe('logo.svg');
    expect(downloadFilename('archive.zip', 'application/zip')).toBe('archive.zip');
    expect(downloadFilename('archive.png', 'application/zip')).toBe('archive.png.bin');
    expect(downloadFilename('firmware.img', 'application/octet-stream')).toBe('firmware.img');
  });
});
