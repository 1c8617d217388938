import { useNavigate } from 'react-router';
import { FileModeration } from '../../components/FileModeration';
import { UploadVersionButton } from '../../components/UploadVersionButton';
import FilePreviewPage from '../../features/file-preview/components/FilePreviewPage';
import { FileDownloadsChart } from '../../features/links/components/DownloadsChart';
import { ShareLinkActions } from '../../features/links/components/ShareLinkActions';
import { VersionsCard } from '../../features/file-versions/components/VersionsCard';
import { useUploadConfig } from '../../api/upload-config';

/**
 * /dashboard/file/{fileId}: the preview page with what share links, versions and moderation add to it. Features
 * never import each other, so the screens that combine two are put together here.
 */
export default function FilePreviewScreen() {
  const { versionsKeep = 0 } = useUploadConfig();
  const navigate = useNavigate();
  return (
    <FilePreviewPage
      actions={(file) => (
        <>
          {/* Sharing first, beside the page's own Share Link: every way to share is in one place. */}
          {file.permissions.share && <ShareLinkActions fileId={file._id} filename={file.filename} />}
          {file.permissions.own && <UploadVersionButton file={file} />}
          {/* Moderation of someone else's file: publishing and deleting it as an administrator may. */}
          {file.permissions.moderate && file.permissions.delete && !file.permissions.own && (
            <FileModeration
              file={file}
              onDeleted={() => void navigate('/dashboard/admin/files', { replace: true })}
            />
          )}
        </>
      )}
      aside={(file) => (
        <>
          {file.permissions.own && <VersionsCard file={file} keeps={versionsKeep} />}
          {file.permissions.seeDownloads && <FileDownloadsChart fileId={file._id} />}
        </>
      )}
    />
  );
}
