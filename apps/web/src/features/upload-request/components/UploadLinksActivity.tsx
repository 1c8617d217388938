import { useFolderUploadLinks } from '../api/upload-links';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The folder's activity line for its owner: how many of its upload links are open and how many files came
 * through them, as a button that opens the folder's upload links. Nothing while the folder has none.
 */
export function UploadLinksActivity({ folderId, onOpen }: { folderId: string; onOpen: () => void }) {
  const links = useFolderUploadLinks(folderId);
  if (!links.data?.length) return null;
  const open = links.data.filter((link) => link.state === 'active').length;
  const received = links.data.reduce((sum, link) => sum + link.filesReceived, 0);
  return (
    <p className="mb-3 text-sm text-base-content/80">
      <button type="button" className="link" onClick={onOpen}>
        {plural(open, 'upload link open', 'upload links open')} ·{' '}
        {plural(received, 'file received', 'files received')}
      </button>
    </p>
  );
}
