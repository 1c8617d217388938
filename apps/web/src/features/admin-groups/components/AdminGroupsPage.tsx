import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Group } from '@cloudstash/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { PendingButton } from '../../../components/PendingButton';
import { EmptyState, ErrorState, LoadingState } from '../../../components/States';
import { focusScreenHeading } from '../../../lib/focus';
import { adminGroupsOptions, useDeleteGroup } from '../api/groups';
import { CreateGroupForm } from './CreateGroupForm';
import { GroupNameDialog } from './GroupNameDialog';
import { GroupRows } from './GroupRows';
import { MembersDialog } from './MembersDialog';

/**
 * /dashboard/admin/groups: the instance's groups, which files and folders can be shared with. A group is made by
 * name, then given members from its row; it can be renamed or deleted (after a confirmation).
 */
export default function AdminGroupsPage() {
  const groups = useQuery(adminGroupsOptions);
  const remove = useDeleteGroup();
  const [renaming, setRenaming] = useState<Group | null>(null);
  const [editingMembers, setEditingMembers] = useState<Group | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  // The deleted row's button is gone: once the dialog has closed, focus lands on the heading.
  const deleted = useRef(false);
  useEffect(() => {
    if (deleting || !deleted.current) return;
    deleted.current = false;
    focusScreenHeading();
  }, [deleting]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        deleted.current = true;
      },
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Groups"
        subtitle="Teams of accounts: sharing a file or a folder with a group shares it with every member."
      />
      <CreateGroupForm />
      {groups.isPending ? (
        <LoadingState label="Loading groups" />
      ) : groups.isError ? (
        <ErrorState message="Failed to load groups">
          <PendingButton
            type="button"
            className="btn-sm"
            onClick={() => void groups.refetch()}
            pending={groups.isFetching}
          >
            Retry
          </PendingButton>
        </ErrorState>
      ) : groups.data.length === 0 ? (
        <EmptyState message="No groups yet">
          <p className="text-sm text-base-content/80">Create one above, then add its members.</p>
        </EmptyState>
      ) : (
        <GroupRows
          groups={groups.data}
          onMembers={setEditingMembers}
          onRename={setRenaming}
          onDelete={setDeleting}
        />
      )}
      <MembersDialog group={editingMembers} onClose={() => setEditingMembers(null)} />
      <GroupNameDialog group={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'group'}?`}
        message="Files and folders shared with this group will no longer be shared with its members. The members' accounts stay. This action cannot be undone."
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
