import { useNavigate } from 'react-router';
import type { StoredFile } from '@cloudstash/contract';
import { FileModeration } from '../../components/FileModeration';
import { UploadVersionButton } from '../../components/UploadVersionButton';
import { useCurrentUser } from '../../api/session';
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
  const { data: user } = useCurrentUser();
  const { versionsKeep = 0 } = useUploadConfig();
  const navigate = useNavigate();
  const owns = (file: StoredFile) => user !== undefined && file.uploadedBy?._id === user?._id;
  return (
    <FilePreviewPage
      actions={(file) => (
        <>
          {owns(file) && <UploadVersionButton file={file} />}
          <ShareLinkActions fileId={file._id} filename={file.filename} ownerId={file.uploadedBy?._id} />
          {user?.role === 'admin' && (
            <FileModeration
              file={file}
              onDeleted={() => void navigate('/dashboard/admin/files', { replace: true })}
            />
          )}
        </>
      )}
      aside={(file) => (
        <>
          {owns(file) && <VersionsCard file={file} keeps={versionsKeep} />}
          <FileDownloadsChart fileId={file._id} ownerId={file.uploadedBy?._id} />
        </>
      )}
    />
  );
}
