import { useState } from 'react';
import { NavLink } from 'react-router';
import { useFileLinks } from '../api/links';
import { ShareDialog } from '../../../components/share/ShareDialog';
import { CreateLinkDialog } from './CreateLinkDialog';

/**
 * The preview page's sharing, beside the page's own Share Link (which copies this page's address, for people who
 * can already see the file), for whoever may share the file (the screen asks the file's `permissions`): share it
 * with people or groups, make a public link, and see how many links it has.
 */
export function ShareLinkActions({ fileId, filename }: { fileId: string; filename: string }) {
  const [open, setOpen] = useState(false);
  const [sharing, setSharing] = useState(false);
  const links = useFileLinks(fileId);
  const active = links.data?.filter((link) => link.state === 'active').length ?? 0;
  return (
    <>
      <button type="button" className="btn btn-outline w-full" onClick={() => setSharing(true)}>
        Share with people…
      </button>
      <button type="button" className="btn btn-secondary w-full" onClick={() => setOpen(true)}>
        Public link…
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
      <ShareDialog
        target={sharing ? { kind: 'file', id: fileId, name: filename } : null}
        onClose={() => setSharing(false)}
      />
    </>
  );
}
