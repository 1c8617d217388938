import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from './download';

afterEach(() => vi.unstubAllGlobals());

describe('downloadFile', () => {
  it('returns false without a message when the link cannot be had', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"File not found"}', { status: 404 })),
    );
    await expect(downloadFile({ _id: 'x', downloadName: 'a.txt' })).resolves.toBe(false);
  });

  it('hands the signed link to the browser as a download under the file’s download name, never fetching the bytes', async () => {
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
    await expect(downloadFile({ _id: 'f1', downloadName: 'Greeting.txt' })).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/files/f/f1/download',
      expect.objectContaining({ credentials: 'include' }),
    );
    expect(clicked).toEqual({ href: '/signed/abc', download: 'Greeting.txt' });
    click.mockRestore();
  });
});
