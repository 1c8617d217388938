import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES, type StoredFile } from '@cloudstash/contract';
import { createQueryClient } from '../../../api/query-client';
import { editFilenameError } from '../edit-filename';
import { EditFileDialog } from './EditFileDialog';
import { permissionsAs } from '../../../test-support';

afterEach(cleanup);

const file: StoredFile = {
  _id: 'f1',
  filename: 'notes',
  downloadName: 'notes.txt',
  mimetype: 'text/plain',
  size: 10,
  isPublic: false,
  downloadCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  url: '/api/v1/files/f/f1/content',
  thumbnailUrl: null,
  thumbnailPending: false,
  uploadedBy: null,
  uploader: null,
  folderId: null,
  permissions: permissionsAs('owner'),
};

function renderDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EditFileDialog file={file} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return screen.getByLabelText('File Name');
}

describe('the edit dialog', () => {
  it('shows a too-long name’s error in red, the required hint in its normal colour, and no "saved as"', () => {
    const field = renderDialog();
    // Cleaned to something else (a slash), and too long: the server will refuse it, not save it.
    const typed = `a/${'b'.repeat(254)}`;
    fireEvent.change(field, { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: 'Save', hidden: true }));
    const tooLong = editFilenameError(typed)!;
    expect(tooLong).not.toBe(MESSAGES.editFilenameRequired);
    expect(screen.getByText(tooLong).className).toContain('text-error');
    expect(screen.getByText(MESSAGES.editFilenameRequired).className).not.toContain('text-error');
    expect(screen.queryByText(/Will be saved as/)).toBeNull();
    expect(document.activeElement).toBe(field);
  });

  it('reddens the required hint when it is the error', () => {
    const field = renderDialog();
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save', hidden: true }));
    expect(screen.getByText(MESSAGES.editFilenameRequired).className).toContain('text-error');
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('says what an accepted name will be saved as', () => {
    const field = renderDialog();
    fireEvent.change(field, { target: { value: 'a/b' } });
    screen.getByText(/Will be saved as/);
  });
});
