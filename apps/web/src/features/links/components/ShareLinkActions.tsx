import { useState } from 'react';
import { NavLink } from 'react-router';
import { useFileLinks } from '../api/links';
import { CreateLinkDialog } from './CreateLinkDialog';

/**
 * The preview page's share-link part of the Actions card, for whoever may share the file (the screen asks the
 * file's `permissions`): create a share link, and see how many the file has.
 */
export function ShareLinkActions({ fileId, filename }: { fileId: string; filename: string }) {
  const [open, setOpen] = useState(false);
  const links = useFileLinks(fileId);
  const active = links.data?.filter((link) => link.state === 'active').length ?? 0;
  return (
    <>
      <button type="button" className="btn btn-secondary w-full" onClick={() => setOpen(true)}>
        Create Link
      </button>
      {links.data && links.data.length > 0 && (
        <NavLink to="/dashboard/links" className="link link-hover text-center text-sm">
          {active} active {active === 1 ? 'link' : 'links'} · manage in Shared Links
        </NavLink>
      )}
      <CreateLinkDialog
        target={{ kind: 'file', id: fileId, name: filename }}
        open={open}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
