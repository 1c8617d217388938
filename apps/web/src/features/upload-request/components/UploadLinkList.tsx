import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { REQUEST_MESSAGES, formatSize, type UploadRequest } from '@cloudstash/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/States';
import { messageOf } from '../../../api/api-client';
import { copyLink } from '../../../lib/share';
import { useCloseUploadLink, useFolderUploadLinks } from '../api/upload-links';
import { STATE_BADGE, formatWhen } from '../format';

/** What a row's buttons open in the dialog. */
export type UploadLinkStep = 'edit' | 'received';

interface UploadLinkListProps {
  folderId: string;
  onOpen: (step: UploadLinkStep, link: UploadRequest) => void;
}

/** The folder's upload links: each with its state and what came through it; Copy, Received files, Edit, Close. */
export function UploadLinkList({ folderId, onOpen }: UploadLinkListProps) {
  const links = useFolderUploadLinks(folderId);
  const close = useCloseUploadLink();
  const [closing, setClosing] = useState<UploadRequest | null>(null);
  const headingId = useId();

  const onConfirmClose = () => {
    if (!closing) return;
    close.mutate(closing._id, {
      onSuccess: () => toast.success(REQUEST_MESSAGES.closed),
      onError: (error) => toast.error(messageOf(error, 'Failed to close the upload link')),
      onSettled: () => setClosing(null),
    });
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold">
        Upload links to this folder
      </h3>
      {links.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-base-content/80">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          Loading upload links…
        </p>
      )}
      {links.isError && <ErrorState message="Failed to load upload links" />}
      {links.data?.length === 0 && (
        <p className="text-sm text-base-content/80">No upload links to this folder yet.</p>
      )}
      {links.data && links.data.length > 0 && (
        <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-base-300">
          {links.data.map((link) => (
            <UploadLinkRow key={link._id} link={link} onOpen={onOpen} onClose={setClosing} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={closing !== null}
        title="Close upload link?"
        message="Nobody can send files through it any more. What it brought stays in the folder. This cannot be undone."
        confirmLabel="Close link"
        pending={close.isPending}
        onConfirm={onConfirmClose}
        onCancel={() => setClosing(null)}
      />
    </section>
  );
}

const filesText = (count: number) => (count === 1 ? '1 file' : `${count} files`);

/** What came through a link, against its limits: "3 files of 10 · 12 MB of 1 GB". */
function receivedText(link: UploadRequest): string {
  const files = filesText(link.filesReceived) + (link.maxFiles === null ? '' : ` of ${link.maxFiles}`);
  const bytes =
    formatSize(link.bytesReceived) + (link.maxBytes === null ? '' : ` of ${formatSize(link.maxBytes)}`);
  return `${files} · ${bytes}`;
}

interface UploadLinkRowProps {
  link: UploadRequest;
  onOpen: UploadLinkListProps['onOpen'];
  onClose: (link: UploadRequest) => void;
}

function UploadLinkRow({ link, onOpen, onClose }: UploadLinkRowProps) {
  const closed = link.state === 'closed';
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 flex-1 font-medium break-words">{link.label}</span>
        {link.hasPassword && <span className="badge badge-ghost badge-sm">password</span>}
        <span className={`badge badge-soft whitespace-nowrap ${STATE_BADGE[link.state]}`}>{link.state}</span>
      </div>
      <p className="text-xs text-base-content/80">
        Received <span className="tabular-nums">{receivedText(link)}</span> · Expires{' '}
        {formatWhen(link.expiresAt, 'never')}
      </p>
      <div className="flex flex-wrap gap-2">
        {link.url && !closed && (
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() => void copyLink(link.url)}
            aria-label={`Copy upload link ${link.label}`}
          >
            Copy
          </button>
        )}
        <button
          type="button"
          className="btn btn-sm btn-outline"
          data-upload-link={`received:${link._id}`}
          onClick={() => onOpen('received', link)}
          aria-label={`Files received through ${link.label}`}
        >
          Received files
        </button>
        {!closed && (
          <button
            type="button"
            className="btn btn-sm btn-outline"
            data-upload-link={`edit:${link._id}`}
            onClick={() => onOpen('edit', link)}
            aria-label={`Edit upload link ${link.label}`}
          >
            Edit
          </button>
        )}
        {!closed && (
          <button
            type="button"
            className="btn btn-sm btn-error btn-outline"
            onClick={() => onClose(link)}
            aria-label={`Close upload link ${link.label}`}
          >
            Close
          </button>
        )}
      </div>
    </li>
  );
}
