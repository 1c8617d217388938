import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  EMPTY_ADMIN_FILTERS,
  EMPTY_PUBLIC_FILTERS,
  adminFilesQuery,
  adminListUrl,
  ariaSort,
  nextSort,
  publicFilesQuery,
  publicListUrl,
  sortOnlyUrl,
  userSearchUrl,
} from './list-state';

describe('sort rules (public files)', () => {
  it('starts with createdAt descending', () => {
    expect(DEFAULT_SORT).toEqual({ sort: 'createdAt', order: 'desc' });
  });

  it('sorts a newly clicked column ascending', () => {
    expect(nextSort(DEFAULT_SORT, 'filename')).toEqual({ sort: 'filename', order: 'asc' });
    expect(nextSort({ sort: 'size', order: 'desc' }, 'uploader')).toEqual({ sort: 'uploader', order: 'asc' });
  });

  it('toggles the direction when the sorted column is clicked again', () => {
    const once = nextSort(DEFAULT_SORT, 'size');
    const twice = nextSort(once, 'size');
    const thrice = nextSort(twice, 'size');
    expect([once.order, twice.order, thrice.order]).toEqual(['asc', 'desc', 'asc']);
  });

  it('toggles the default column from descending to ascending', () => {
    expect(nextSort(DEFAULT_SORT, 'createdAt')).toEqual({ sort: 'createdAt', order: 'asc' });
  });

  it('reports the order to assistive technology', () => {
    expect(ariaSort(DEFAULT_SORT, 'createdAt')).toBe('descending');
    expect(ariaSort({ sort: 'size', order: 'asc' }, 'size')).toBe('ascending');
    expect(ariaSort(DEFAULT_SORT, 'size')).toBe('none');
  });
});

describe('filters -> query params', () => {
  it('sends only the sort and page size when nothing is filtered', () => {
    expect(publicFilesQuery(EMPTY_PUBLIC_FILTERS, DEFAULT_SORT)).toEqual({
      sort: 'createdAt',
      order: 'desc',
      limit: 50,
    });
  });

  it('maps every public filter to its server parameter, trimmed', () => {
    const query = publicFilesQuery(
      { search: '  report ', category: 'document', uploader: ' Ali ', fileId: ' 3fa8 ' },
      { sort: 'uploader', order: 'asc' },
    );
    expect(query).toEqual({
      q: 'report',
      category: 'document',
      uploader: 'Ali',
      id: '3fa8',
      sort: 'uploader',
      order: 'asc',
      limit: 50,
    });
  });

  it('leaves out "all" and blank text so the server applies no filter', () => {
    const query = publicFilesQuery(
      { search: '   ', category: 'all', uploader: '', fileId: '' },
      DEFAULT_SORT,
    );
    expect(query).not.toHaveProperty('q');
    expect(query).not.toHaveProperty('category');
    expect(query).not.toHaveProperty('uploader');
    expect(query).not.toHaveProperty('id');
  });

  it('maps the admin filters: search, visibility, user name and type text', () => {
    expect(
      adminFilesQuery(
        { search: 'bob@example.com', visibility: 'private', user: 'Bob', type: 'image/' },
        { sort: 'size', order: 'desc' },
      ),
    ).toEqual({
      q: 'bob@example.com',
      visibility: 'private',
      uploader: 'Bob',
      type: 'image/',
      sort: 'size',
      order: 'desc',
      limit: 50,
    });
    expect(adminFilesQuery(EMPTY_ADMIN_FILTERS, DEFAULT_SORT)).toEqual({
      sort: 'createdAt',
      order: 'desc',
      limit: 50,
    });
  });

  it('gives equal queries for equal states, so cached pages are reused', () => {
    expect(JSON.stringify(publicFilesQuery({ ...EMPTY_PUBLIC_FILTERS, search: 'a' }, DEFAULT_SORT))).toBe(
      JSON.stringify(publicFilesQuery({ ...EMPTY_PUBLIC_FILTERS, search: ' a ' }, DEFAULT_SORT)),
    );
  });
});

describe('list state <-> address', () => {
  const roundTrip = <S>(
    codec: { fromParams: (p: URLSearchParams) => S; toParams: (s: S) => URLSearchParams },
    state: S,
  ) => codec.fromParams(new URLSearchParams(codec.toParams(state).toString()));

  it('leaves the defaults out of the address', () => {
    expect(publicListUrl.toParams({ filters: EMPTY_PUBLIC_FILTERS, sort: DEFAULT_SORT }).toString()).toBe('');
    expect(sortOnlyUrl.toParams(DEFAULT_SORT).toString()).toBe('');
    expect(userSearchUrl.toParams('').toString()).toBe('');
  });

  it('writes and reads back filters, sort and search', () => {
    const publicState = {
      filters: { search: 'q3 report', category: 'image' as const, uploader: 'Ada', fileId: '3fa8' },
      sort: { sort: 'size' as const, order: 'asc' as const },
    };
    expect(publicListUrl.toParams(publicState).toString()).toBe(
      'q=q3+report&category=image&uploader=Ada&id=3fa8&sort=size&order=asc',
    );
    expect(roundTrip(publicListUrl, publicState)).toEqual(publicState);
    const adminState = {
      filters: { search: 'bob', visibility: 'private' as const, user: 'Bob', type: 'pdf' },
      sort: { sort: 'downloadCount' as const, order: 'desc' as const },
    };
    expect(roundTrip(adminListUrl, adminState)).toEqual(adminState);
    expect(roundTrip(userSearchUrl, 'ada@example.com')).toBe('ada@example.com');
  });

  it('falls back to the defaults for values it does not know', () => {
    const params = new URLSearchParams('category=music&sort=colour&order=sideways&visibility=hidden');
    expect(publicListUrl.fromParams(params)).toEqual({ filters: EMPTY_PUBLIC_FILTERS, sort: DEFAULT_SORT });
    expect(adminListUrl.fromParams(params)).toEqual({ filters: EMPTY_ADMIN_FILTERS, sort: DEFAULT_SORT });
  });
});
