import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Group } from '@cloudstash/contract';
import { createQueryClient } from '../../../api/query-client';
import { fakeApi } from '../../../test-support';
import { GroupsSection } from './GroupsSection';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWithGroups(groups: Group[]) {
  fakeApi((call) => (call.path === '/users/me/groups' ? { body: { data: groups } } : undefined));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GroupsSection />
    </QueryClientProvider>,
  );
}

describe('the profile’s Groups section', () => {
  it('lists the groups I am in, with their size', async () => {
    renderWithGroups([{ _id: 'g1', name: 'Marketing', memberCount: 4, createdAt: '2026-01-01T00:00:00Z' }]);
    const list = await screen.findByRole('list', { name: 'Your groups' });
    expect(within(list).getByText('Marketing')).toBeTruthy();
    expect(within(list).getByText('4 members')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Groups' })).toBeTruthy();
  });

  it('says so when I am in none', async () => {
    renderWithGroups([]);
    expect(await screen.findByText('You are not in any group.')).toBeTruthy();
  });
});
