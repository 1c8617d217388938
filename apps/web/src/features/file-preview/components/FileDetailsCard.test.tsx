import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { StoredFile } from '@cloudstash/contract';
import { FileDetailsCard, UploaderCard } from './FileDetailsCard';
import { permissionsAs } from '../../../test-support';

afterEach(cleanup);

const file: StoredFile = {
  _id: 'f1',
  filename: 'beach',
  downloadName: 'beach.png',
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
  uploader: { _id: 'u1', name: 'Owner', via: 'app' },
  folderId: null,
  permissions: permissionsAs('owner'),
};

describe('the Uploaded By card', () => {
  it('says who sent a file that came through an upload link, and whose it is', () => {
    render(
      <UploaderCard
        file={{
          ...file,
          uploader: { _id: null, name: 'Dana', via: 'link' },
          uploadNote: 'Uploaded by Dana through Client photos',
        }}
      />,
    );
    expect(screen.getByText('Dana')).toBeTruthy();
    expect(screen.getByText('Owner:').parentElement!.textContent).toBe('Owner: Owner · owner@example.test');
    expect(screen.getByText('Uploaded by Dana through Client photos')).toBeTruthy();
  });

  it('names a colleague who uploaded into a shared folder, the app it came through, and the owner beside', () => {
    render(
      <UploaderCard
        file={{ ...file, uploader: { _id: 'u2', name: 'Ana', via: 'client', client: 'Ana’s laptop' } }}
      />,
    );
    expect(screen.getByText('Ana')).toBeTruthy();
    expect(screen.getByText('Through Ana’s laptop')).toBeTruthy();
    expect(screen.getByText('Owner:').parentElement!.textContent).toContain('Owner: Owner');
  });

  it('says nothing more of a file its owner uploaded', () => {
    render(<UploaderCard file={file} />);
    expect(screen.queryByText(/through/i)).toBeNull();
    expect(screen.queryByText('Owner:')).toBeNull();
  });
});

describe('the File Details type', () => {
  const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  const typeOf = () => screen.getByText('Type').nextElementSibling!;

  it('names an office type and lets its long registered name wrap', () => {
    render(<FileDetailsCard file={{ ...file, filename: 'Brief.docx', mimetype: DOCX }} />);
    expect(typeOf().textContent).toBe(`Document (${DOCX})`);
    expect(typeOf().querySelector('.break-all')).not.toBeNull();
  });

  it('calls a Keynote deck a presentation though its bytes are a zip', () => {
    render(<FileDetailsCard file={{ ...file, filename: 'Pitch deck.key', mimetype: 'application/zip' }} />);
    expect(typeOf().textContent).toBe('Presentation (application/zip)');
  });
});
