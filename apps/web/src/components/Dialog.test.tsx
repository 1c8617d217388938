import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog, Dialog } from './ConfirmDialog';

afterEach(cleanup);

describe('a dialog', () => {
  it('closes when its own element does, not when a confirmation inside it does', () => {
    const outerClosed = vi.fn();
    const innerClosed = vi.fn();
    render(
      <Dialog open title="Upload links" onClose={outerClosed} actions={null}>
        <ConfirmDialog
          open
          title="Close upload link?"
          message="Nobody can send files through it any more."
          confirmLabel="Close link"
          onConfirm={() => {}}
          onCancel={innerClosed}
        />
      </Dialog>,
    );
    const [outer, inner] = screen.getAllByRole('dialog', { hidden: true });
    fireEvent(inner!, new Event('close'));
    expect(innerClosed).toHaveBeenCalledTimes(1);
    expect(outerClosed).not.toHaveBeenCalled();
    fireEvent(outer!, new Event('close'));
    expect(outerClosed).toHaveBeenCalledTimes(1);
  });
});
