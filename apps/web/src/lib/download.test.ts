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

  it('fetches the signed link and saves it under its {name}.{extension} name', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/download')
        ? new Response(JSON.stringify({ message: 'ok', data: { url: '/signed/abc' } }))
        : new Response(new Blob(['hello'])),
    );
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:fake');
    URL.revokeObjectURL = vi.fn();
    let saved = '';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved = this.download;
    });
    await expect(downloadFile({ _id: 'f1', filename: 'Greeting', mimetype: 'text/plain' })).resolves.toBe(
      true,
    );
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/files/f/f1/download',
      expect.objectContaining({ credentials: 'include' }),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      '/signed/abc',
      expect.objectContaining({ credentials: 'include' }),
    );
    expect(saved).toBe('Greeting.txt');
    click.mockRestore();
  });
});
