import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DEFAULT_SORT } from '../lib/list-state';
import { SortHeader } from './SortHeader';

afterEach(cleanup);

const renderHeader = (onSort = vi.fn()) => {
  render(
    <table>
      <thead className="text-base-content">
        <tr>
          <SortHeader label="Size" column="size" sort={DEFAULT_SORT} onSort={onSort} />
          <SortHeader label="Uploaded" column="createdAt" sort={DEFAULT_SORT} onSort={onSort} />
        </tr>
      </thead>
    </table>,
  );
  return onSort;
};

describe('SortHeader', () => {
  it('marks the default column as sorted descending and the others as unsorted', () => {
    renderHeader();
    expect(screen.getByRole('columnheader', { name: /Uploaded/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: /Size/ }).getAttribute('aria-sort')).toBe('none');
  });

  it('is a button that reports its column', () => {
    const onSort = renderHeader();
    fireEvent.click(screen.getByRole('button', { name: /Size/ }));
    expect(onSort).toHaveBeenCalledWith('size');
  });
});
