import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { chosenFileTypeLabel, formatSize } from '@cloudstash/contract';
import { PageHeader } from '../../../components/PageHeader';
import { FileIcon } from '../../../components/FileIcon';
import { TextField } from '../../../components/TextField';
import { useUploadFile } from '../api/upload-file';
import { findUnfinishedUpload, useResumableUpload } from '../api/resumable-upload';
import { ResumableProgress, UploadProgressBar } from './ResumableProgress';
import { chosenFileError, defaultFilename, quotaRoom, submitError } from '../validation';
import { DropArea } from './DropArea';
import { PendingButton } from '../../../components/PendingButton';
import { loadUploadConfig, useUploadConfig } from '../../../api/upload-config';
import { useMyStats } from '../../../api/my-stats';

/** The page's alert already says it: the toast shows the same words without a screen reader hearing them twice. */
const SILENT_TOAST = { ariaProps: { role: 'status', 'aria-live': 'off' } } as const;

/** /dashboard/upload-file */
export default function UploadPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const upload = useUploadFile();
  const { maxUploadBytes, allowedTypes, resumableChunkBytes, loading: limitsLoading } = useUploadConfig();
  const roomBytes = quotaRoom(useMyStats().data);
  const [file, setFile] = useState<File | null>(null);
  const [filename, setFilename] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unfinished, setUnfinished] = useState(false);
  // Choosing a file replaces the drop area by the file's card, and Remove File the card by the drop area:
  // focus follows to what took the place of the control just used, instead of falling to the page.
  const chosenCard = useRef<HTMLDivElement>(null);
  const dropArea = useRef<HTMLDivElement>(null);
  const focusAfterSwap = useRef<'card' | 'drop area' | null>(null);
  useEffect(() => {
    if (focusAfterSwap.current === 'card') chosenCard.current?.focus();
    if (focusAfterSwap.current === 'drop area') dropArea.current?.focus();
    focusAfterSwap.current = null;
  }, [file]);

  const reset = () => {
    setFile(null);
    setFilename('');
    setIsPublic(false);
    setError(null);
    setUnfinished(false);
  };
  const finished = useCallback(() => navigate('/dashboard/my-files'), [navigate]);
  const resumable = useResumableUpload(resumableChunkBytes, finished);
  // Files larger than one piece go up resumably; smaller ones in one request, as they always did.
  const isLarge = (chosen: File, pieceBytes = resumableChunkBytes) => chosen.size > pieceBytes;
  const busy = upload.isPending || resumable.state.status !== 'idle';

  const onFile = async (chosen: File) => {
    // Checked against this instance's limits: a file chosen while they are still loading waits for them
    // rather than meeting the defaults (a 60 MB file refused as over 5 MB where the limit is 200 MB).
    const limits = await loadUploadConfig(queryClient);
    const refusal = chosenFileError(chosen, limits, roomBytes);
    if (refusal) {
      // Refused before sending: the page and a toast both say why.
      setFile(null);
      setError(refusal);
      toast.error(refusal, SILENT_TOAST);
      return;
    }
    setError(null);
    focusAfterSwap.current = 'card';
    setFile(chosen);
    setFilename((current) => (current.trim() ? current : defaultFilename(chosen)));
    setUnfinished(false);
    if (isLarge(chosen, limits.resumableChunkBytes)) {
      void findUnfinishedUpload(chosen, limits.resumableChunkBytes).then((found) =>
        setUnfinished(found !== undefined),
      );
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = submitError(file, filename);
    if (problem || !file) {
      setError(problem);
      toast.error(problem ?? '', SILENT_TOAST);
      return;
    }
    if (isLarge(file)) {
      void resumable.start({ file, filename, isPublic });
      return;
    }
    upload.mutate(
      { file, filename, isPublic },
      {
        onSuccess: () => {
          reset();
          navigate('/dashboard/my-files');
        },
      },
    );
  };

  const percent = Math.round(upload.progress * 100);
  const canSubmit = !busy && file !== null && filename.trim() !== '';

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Upload File"
        subtitle="Add a file to your storage. Duplicate files are stored only once."
      />
      <form onSubmit={onSubmit} noValidate className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          {file ? (
            <div
              ref={chosenCard}
              tabIndex={-1}
              role="group"
              aria-label={`Chosen file: ${file.name}`}
              className="flex flex-col gap-3 rounded-box bg-base-200 p-4 sm:flex-row sm:items-center"
            >
              <FileIcon mimetype={file.type} className="size-10" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium" title={file.name}>
                  {file.name}
                </p>
                <p className="text-sm text-base-content/70">
                  {chosenFileTypeLabel(file.type, file.name)} · {formatSize(file.size)}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-outline btn-error btn-sm"
                onClick={() => {
                  focusAfterSwap.current = 'drop area';
                  reset();
                }}
                disabled={busy}
              >
                Remove File
              </button>
            </div>
          ) : (
            <DropArea
              ref={dropArea}
              onFile={(chosen) => void onFile(chosen)}
              maxUploadBytes={limitsLoading ? undefined : maxUploadBytes}
              allowedTypes={allowedTypes}
              disabled={busy}
            />
          )}
          {error && (
            <div role="alert" className="alert alert-error alert-soft">
              <span>{error}</span>
            </div>
          )}
          <TextField
            label="Filename"
            name="filename"
            required
            placeholder="Name of the file"
            value={filename}
            onChange={(event) => setFilename(event.target.value)}
            disabled={busy}
          />
          <label className="flex cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              className="checkbox checkbox-primary"
              checked={isPublic}
              onChange={(event) => setIsPublic(event.target.checked)}
              disabled={busy}
            />
            <span>Make this file public</span>
          </label>
          {unfinished && resumable.state.status === 'idle' && (
            <div role="status" className="alert alert-info alert-soft">
              <span>
                An unfinished upload of this file was found. Upload File resumes it where it stopped.
              </span>
            </div>
          )}
          {resumable.state.status !== 'idle' && (
            <ResumableProgress
              state={resumable.state}
              onPause={() => void resumable.pause()}
              onResume={resumable.resume}
              onCancel={() => void resumable.cancel()}
            />
          )}
          {upload.isPending && <UploadProgressBar percent={percent} />}
          <PendingButton type="submit" className="btn-primary" pending={busy} disabled={!canSubmit}>
            {busy ? 'Uploading...' : 'Upload File'}
          </PendingButton>
        </div>
      </form>
    </div>
  );
}
