import { useNavigate } from 'react-router';
import { FileModeration } from '../../components/FileModeration';
import { useCurrentUser } from '../../api/session';
import FilePreviewPage from '../../features/file-preview/components/FilePreviewPage';
import { FileDownloadsChart } from '../../features/links/components/DownloadsChart';
import { ShareLinkActions } from '../../features/links/components/ShareLinkActions';

/**
 * /dashboard/file/{fileId}: the preview page with what share links and moderation add to it. Features never import each
 * other, so the screens that combine two are put together here.
 */
export default function FilePreviewScreen() {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  return (
    <FilePreviewPage
      actions={(file) => (
        <>
          <ShareLinkActions fileId={file._id} filename={file.filename} ownerId={file.uploadedBy?._id} />
          {user?.role === 'admin' && (
            <FileModeration
              file={file}
              onDeleted={() => void navigate('/dashboard/admin/files', { replace: true })}
            />
          )}
        </>
      )}
      aside={(file) => <FileDownloadsChart fileId={file._id} ownerId={file.uploadedBy?._id} />}
    />
  );
}
