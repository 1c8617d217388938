import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query-client';
import { matchCountText, pagedListOptions, usePagedList, type ListPoll } from './paged-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Row {
  id: string;
  ready: boolean;
}

/** A server whose answers are given in turn (the last one repeats), counting how often it was asked. */
function serverAnswering(...answers: Row[][]) {
  const fetchMock = vi.fn(async () => {
    const data = answers[Math.min(fetchMock.mock.calls.length - 1, answers.length - 1)]!;
    return new Response(
      JSON.stringify({ message: 'ok', data, meta: { total: data.length, nextCursor: null } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const POLL: ListPoll<Row> = { while: (row) => !row.ready, everyMs: 5, maxPolls: 3 };

function List() {
  const list = usePagedList(pagedListOptions<Row>(['rows'], '/rows', {}), POLL);
  return <p>{list.items.map((row) => `${row.id}:${row.ready ? 'ready' : 'waiting'}`).join(' ')}</p>;
}

const renderList = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <List />
    </QueryClientProvider>,
  );

/** Long enough for many more polls, were any still scheduled. */
const quietPeriod = () => new Promise((resolve) => setTimeout(resolve, 40 * POLL.everyMs));

describe('a list that polls while rows are still changing', () => {
  it('asks again while a row waits, shows the change, then stops asking', async () => {
    const fetchMock = serverAnswering(
      [{ id: 'a', ready: false }],
      [{ id: 'a', ready: false }],
      [{ id: 'a', ready: true }],
    );
    renderList();
    await screen.findByText('a:ready');
    const asked = fetchMock.mock.calls.length;
    expect(asked).toBe(3);
    await quietPeriod();
    expect(fetchMock.mock.calls.length).toBe(asked);
  });

  it('gives up after its limit when a row never changes', async () => {
    const fetchMock = serverAnswering([{ id: 'a', ready: false }]);
    renderList();
    await screen.findByText('a:waiting');
    await waitFor(() => expect(fetchMock.mock.calls.length).toBe(1 + POLL.maxPolls));
    await quietPeriod();
    expect(fetchMock.mock.calls.length).toBe(1 + POLL.maxPolls);
  });

  it('asks once when nothing waits', async () => {
    const fetchMock = serverAnswering([{ id: 'a', ready: true }]);
    renderList();
    await screen.findByText('a:ready');
    await quietPeriod();
    expect(fetchMock.mock.calls.length).toBe(1);
  });
});

const rows = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('matchCountText', () => {
  it('says the exact total when the server counted every match', () => {
    expect(matchCountText({ items: rows(50), total: 286, totalCapped: false, hasNextPage: true })).toBe(
      '286',
    );
  });

  it('says "1000+" while the count stopped short and more pages remain', () => {
    expect(matchCountText({ items: rows(50), total: 1000, totalCapped: true, hasNextPage: true })).toBe(
      '1000+',
    );
  });

  it('never says fewer than the rows already on screen', () => {
    expect(matchCountText({ items: rows(1050), total: 1000, totalCapped: true, hasNextPage: true })).toBe(
      '1050+',
    );
  });

  it('says the rows themselves once the last page is in', () => {
    expect(matchCountText({ items: rows(1234), total: 1000, totalCapped: true, hasNextPage: false })).toBe(
      '1234',
    );
  });
});
