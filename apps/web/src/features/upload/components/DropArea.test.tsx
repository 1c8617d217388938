import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ALLOWED_MIME_TYPES, MAX_UPLOAD_BYTES } from '@cloudstash/contract';
import { DropArea } from './DropArea';

afterEach(cleanup);

const file = (name: string, type: string) => new File(['bytes'], name, { type });

/** A drop as the browser delivers it: a DataTransfer carrying the files in the order they were dropped. */
function drop(target: HTMLElement, files: File[]) {
  const dataTransfer = {
    files,
    items: files.map((f) => ({ kind: 'file', type: f.type, getAsFile: () => f })),
    types: ['Files'],
  };
  fireEvent.dragEnter(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}

describe('DropArea', () => {
  it('passes on the first file of a mixed drop, even one of a refused type', async () => {
    const onFile = vi.fn();
    render(<DropArea onFile={onFile} maxUploadBytes={MAX_UPLOAD_BYTES} allowedTypes={ALLOWED_MIME_TYPES} />);
    const zip = file('bad.zip', 'application/zip');
    drop(screen.getByRole('button', { name: /drag and drop/i }), [zip, file('good.png', 'image/png')]);
    await waitFor(() => expect(onFile).toHaveBeenCalledTimes(1));
    expect(onFile.mock.calls[0]?.[0]).toMatchObject({ name: 'bad.zip' });
  });

  it('passes on a single dropped file of an allowed type', async () => {
    const onFile = vi.fn();
    render(<DropArea onFile={onFile} maxUploadBytes={MAX_UPLOAD_BYTES} allowedTypes={ALLOWED_MIME_TYPES} />);
    drop(screen.getByRole('button', { name: /drag and drop/i }), [file('good.png', 'image/png')]);
    await waitFor(() => expect(onFile).toHaveBeenCalledTimes(1));
    expect(onFile.mock.calls[0]?.[0]).toMatchObject({ name: 'good.png' });
  });
});
