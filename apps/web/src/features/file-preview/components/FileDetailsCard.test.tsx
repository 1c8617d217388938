import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { StoredFile } from '@cloudstash/contract';
import { UploaderCard } from './FileDetailsCard';
import { permissionsAs } from '../../../test-support';

afterEach(cleanup);

const file: StoredFile = {
  _id: 'f1',
  filename: 'beach',
  mimetype: 'image/png',
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

describe('the Uploaded By card', () => {
  it('says who sent a file that came through an upload link', () => {
    render(<UploaderCard file={{ ...file, uploadNote: 'Uploaded by Dana through Client photos' }} />);
    expect(screen.getByText('Owner')).toBeTruthy();
    expect(screen.getByText('Uploaded by Dana through Client photos')).toBeTruthy();
  });

  it('says nothing more of a file its owner uploaded', () => {
    render(<UploaderCard file={file} />);
    expect(screen.queryByText(/through/)).toBeNull();
  });
});
