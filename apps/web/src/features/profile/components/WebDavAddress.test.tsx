import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { WebDavAddress } from './WebDavAddress';

afterEach(cleanup);

describe('WebDavAddress', () => {
  it("shows this instance's /dav/ address with a copy button and says a token is the password", () => {
    render(<WebDavAddress />);
    const field = screen.getByLabelText('WebDAV address') as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/dav/`);
    expect(field.readOnly).toBe(true);
    screen.getByRole('button', { name: 'Copy webdav address' });
    screen.getByText(/the password is an access\s+token/);
  });
});
