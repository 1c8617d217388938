import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, downloadFilename } from './download';

afterEach(() => vi.unstubAllGlobals());

describe('download filename', () => {
  it('appends the extension of the media type', () => {
    expect(downloadFilename({ filename: 'Holiday', mimetype: 'image/jpeg' })).toBe('Holiday.jpg');
    expect(downloadFilename({ filename: 'Clip', mimetype: 'video/quicktime' })).toBe('Clip.mov');
    expect(downloadFilename({ filename: 'Report', mimetype: 'application/pdf' })).toBe('Report.pdf');
    expect(downloadFilename({ filename: 'notes', mimetype: 'text/plain; charset=utf-8' })).toBe('notes.txt');
  });

  it('does not double an extension the name already has', () => {
    expect(downloadFilename({ filename: 'Q3 report.pdf', mimetype: 'application/pdf' })).toBe(
      'Q3 report.pdf',
    );
  });

  it('falls back to bin for an unknown type', () => {
    expect(downloadFilename({ filename: 'blob', mimetype: 'application/zip' })).toBe('blob.bin');
  });
});

describe('downloadFile', () => {
  it('returns false without a message when the link cannot be had', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"File not found"}', { status: 404 })),
    );
    await expect(downloadFile({ _id: 'x', filename: 'a', mimetype: 'text/plain' })).resolves.toBe(false);
  });

  it('hands the signed link to the browser as a download named {name}.{extension}, never fetching the bytes', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ message: 'ok', data: { url: '/signed/abc' } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    let clicked = { href: '', download: '' };
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked = { href: this.getAttribute('href') ?? '', download: this.download };
    });
    await expect(downloadFile({ _id: 'f1', filename: 'Greeting', mimetype: 'text/plain' })).resolves.toBe(
      true,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/files/f/f1/download',
      expect.objectContaining({ credentials: 'include' }),
    );
    expect(clicked).toEqual({ href: '/signed/abc', download: 'Greeting.txt' });
    click.mockRestore();
  });
});
