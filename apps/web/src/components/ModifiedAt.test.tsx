import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@cloudstash/contract';
import { ModifiedAt } from './ModifiedAt';

describe('ModifiedAt', () => {
  it('shows the time a WebDAV client gave the bytes', () => {
    const at = '2024-03-05T10:20:00.000Z';
    render(<ModifiedAt file={{ modifiedAt: at }} />);
    expect(screen.getByText(`Modified ${formatDate(at)}`).tagName).toBe('SPAN');
  });

  it('shows nothing for a file uploaded in the browser', () => {
    const { container } = render(<ModifiedAt file={{}} />);
    expect(container.innerHTML).toBe('');
  });
});
