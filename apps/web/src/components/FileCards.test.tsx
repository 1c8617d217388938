import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { StoredFile } from '@cloudstash/contract';
import { FileCards } from './FileCards';
import { permissionsAs } from '../test-support';

afterEach(cleanup);

const photo = (n: number): StoredFile => ({
  _id: `f${n}`,
  filename: `photo-${n}.jpg`,
  downloadName: `photo-${n}.jpg`,
  mimetype: 'image/jpeg',
  size: 1024,
  isPublic: false,
  downloadCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  url: `/api/v1/files/f/f${n}/content`,
  thumbnailUrl: `/api/v1/files/f/f${n}/thumbnail`,
  thumbnailPending: false,
  uploadedBy: null,
  uploader: null,
  folderId: null,
  permissions: permissionsAs('owner'),
});

describe('the file grid', () => {
  it('asks for the first screen of thumbnails at once and leaves the rest until they scroll into view', () => {
    const { container } = render(
      <MemoryRouter>
        <FileCards
          layout="grid"
          files={Array.from({ length: 14 }, (_, n) => photo(n))}
          label="Your files"
          columns={['file', 'size']}
          actions={() => null}
        />
      </MemoryRouter>,
    );
    const loading = Array.from(container.querySelectorAll('img')).map((img) => img.getAttribute('loading'));
    expect(loading).toEqual([...Array<string>(10).fill('eager'), ...Array<string>(4).fill('lazy')]);
  });
});
