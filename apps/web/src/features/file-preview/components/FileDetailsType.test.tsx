import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { StoredFile } from '@cloudstash/contract';
import { FileDetailsCard } from './FileDetailsCard';
import { permissionsAs } from '../../../test-support';

afterEach(cleanup);

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const file: StoredFile = {
  _id: 'f1',
  filename: 'Brief.docx',
  mimetype: DOCX,
  size: 10,
  isPublic: false,
  downloadCount: 0,
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
  url: '/api/v1/files/f/f1/content',
  thumbnailUrl: null,
  thumbnailPending: false,
  uploadedBy: { _id: 'u1', name: 'Owner', email: 'owner@example.test', role: 'user' },
  folderId: null,
  permissions: permissionsAs('owner'),
};

describe('the File Details type', () => {
  it('names an office type and lets its long registered name wrap', () => {
    render(<FileDetailsCard file={file} />);
    const type = screen.getByText('Type').nextElementSibling!;
    expect(type.textContent).toBe(`Document (${DOCX})`);
    expect(type.querySelector('.break-all')).not.toBeNull();
  });

  it('calls a Keynote deck a presentation though its bytes are a zip', () => {
    render(<FileDetailsCard file={{ ...file, filename: 'Pitch deck.key', mimetype: 'application/zip' }} />);
    expect(screen.getByText('Type').nextElementSibling!.textContent).toBe('Presentation (application/zip)');
  });
});
