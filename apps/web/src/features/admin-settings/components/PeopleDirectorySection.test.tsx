import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES, type InstanceSettings } from '@cloudstash/contract';
import { createQueryClient } from '../../../api/query-client';
import { PeopleDirectorySection } from './PeopleDirectorySection';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings: InstanceSettings = {
  registration: 'open',
  registrationSource: 'environment',
  allowedUploadTypes: 'media',
  allowedUploadTypesSource: 'environment',
  peopleDirectory: 'connected',
};

describe('who can be found when sharing', () => {
  it('starts at people they work with, and saves everyone only when Save is pressed', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        const data = { ...settings, peopleDirectory: 'everyone' };
        return new Response(JSON.stringify({ message: ACCOUNT_MESSAGES.settingsUpdated, data }), {
          status: 200,
        });
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PeopleDirectorySection settings={settings} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    expect(screen.getByText('What the share dialog suggests as someone types a name.')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /^People they work with/ })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: /^Everyone on this instance/ }));
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save who can be found when sharing' }));
    await vi.waitFor(() => expect(sent).toEqual([{ peopleDirectory: 'everyone' }]));
  });
});
