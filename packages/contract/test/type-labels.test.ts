import { describe, expect, it } from 'vitest';
import { chosenFileTypeLabel, fileTypeLabel } from '../src';

describe('type labels a team reads', () => {
  it("keeps the spec's four and File for what it does not name", () => {
    expect(fileTypeLabel('image/jpeg', 'beach.jpg')).toBe('Image');
    expect(fileTypeLabel('video/mp4', 'clip.mp4')).toBe('Video');
    expect(fileTypeLabel('application/pdf', 'report.pdf')).toBe('PDF');
    expect(fileTypeLabel('text/plain', 'notes.txt')).toBe('Text');
    expect(fileTypeLabel('application/octet-stream', 'render.mov')).toBe('File');
    expect(fileTypeLabel('image/svg+xml', 'logo.svg')).toBe('File');
  });

  it('names office documents, archives and design files by their registered types', () => {
    expect(fileTypeLabel('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'Document',
    );
    expect(fileTypeLabel('application/vnd.oasis.opendocument.spreadsheet')).toBe('Spreadsheet');
    expect(fileTypeLabel('application/vnd.ms-powerpoint')).toBe('Presentation');
    expect(fileTypeLabel('application/zip')).toBe('Archive');
    expect(fileTypeLabel('image/vnd.adobe.photoshop; charset=binary')).toBe('Design file');
  });

  it('lets the extension speak where the bytes say something else', () => {
    expect(fileTypeLabel('application/zip', 'Pitch deck.key')).toBe('Presentation');
    expect(fileTypeLabel('application/zip', 'Wireframes.sketch')).toBe('Design file');
    expect(fileTypeLabel('application/pdf', 'Logo final.ai')).toBe('Design file');
    expect(fileTypeLabel('application/zip', 'Budget.XLSX')).toBe('Spreadsheet');
    expect(fileTypeLabel('application/zip', 'photos.zip')).toBe('Archive');
    expect(fileTypeLabel('application/zip', 'no extension')).toBe('Archive');
  });

  it('labels a file a person has just chosen the same way', () => {
    expect(chosenFileTypeLabel('text/csv', 'contacts.csv')).toBe('Text');
    expect(chosenFileTypeLabel('', 'Brief.docx')).toBe('Document');
  });
});
