import type { ReactNode } from 'react';
import { PendingButton } from '../../../components/PendingButton';

/**
 * The saving of an instance setting chosen with radios, checkboxes or toggles: changing the control changes
 * nothing on the server (an arrow key in a radio group must not save each value it passes); Save does, and keeps
 * focus while it runs. `changed` says the shown choice is not the saved one yet.
 */
export function SettingSaveForm({
  saveName,
  pending,
  changed,
  onSave,
  children,
}: {
  /** The Save button's full name, starting with its visible 'Save' ("Save who may register"). */
  saveName: string;
  pending: boolean;
  changed: boolean;
  onSave: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      {children}
      <div className="flex flex-wrap items-center gap-3">
        <PendingButton type="submit" className="btn-primary" pending={pending} aria-label={saveName}>
          Save
        </PendingButton>
        {changed && <span className="text-sm text-base-content/80">Not saved yet</span>}
      </div>
    </form>
  );
}
