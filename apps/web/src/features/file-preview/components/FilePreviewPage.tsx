import { useEffect, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import toast from 'react-hot-toast';
import { MESSAGES, type StoredFile } from '@cloudstash/contract';
import { EmptyState, LoadingState } from '../../../components/States';
import { messageOf } from '../../../api/api-client';
import { useFile } from '../api/file';
import { FilePreview } from './FilePreview';
import { FileDetailsCard, UploaderCard } from './FileDetailsCard';
import { ActionsCard } from './ActionsCard';

interface FilePreviewPageProps {
  /** More actions for this file, shown in the Actions card (other features add them at the app level). */
  actions?: (file: StoredFile) => ReactNode;
  /** More cards below the Actions card. */
  aside?: (file: StoredFile) => ReactNode;
}

/** /dashboard/file/{fileId} */
export default function FilePreviewPage({ actions, aside }: FilePreviewPageProps) {
  const { fileId = '' } = useParams();
  const navigate = useNavigate();
  const { data: file, error, isPending } = useFile(fileId);

  // A load error (other than not found) is toasted and the user goes back to /dashboard.
  useEffect(() => {
    if (!error) return;
    toast.error(messageOf(error, MESSAGES.fileLoadFailed));
    navigate('/dashboard', { replace: true });
  }, [error, navigate]);

  // Back returns to where the user came from; opened from a shared link there is no such page, so go to the dashboard.
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/dashboard');
  };

  const back = (
    <button type="button" className="btn btn-ghost btn-sm self-start" onClick={goBack}>
      <span aria-hidden="true">←</span> Back
    </button>
  );

  if (isPending || error) return <LoadingState label="Loading file" />;
  if (!file) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <h1 className="sr-only">File preview</h1>
        <EmptyState message={MESSAGES.fileNotFound} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {back}
      <h1 className="text-2xl font-bold break-words sm:text-3xl">{file.filename}</h1>
      <div className="grid gap-6 lg:grid-cols-3">
        <section
          aria-label="Preview"
          className="card border border-base-300 bg-base-100 shadow-sm lg:col-span-2 lg:self-start"
        >
          <div className="card-body">
            <FilePreview file={file} />
          </div>
        </section>
        <div className="flex flex-col gap-6">
          <FileDetailsCard file={file} />
          <UploaderCard file={file} />
          <ActionsCard file={file}>{actions?.(file)}</ActionsCard>
          {aside?.(file)}
        </div>
      </div>
    </div>
  );
}
