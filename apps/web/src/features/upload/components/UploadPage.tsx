import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { fileTypeLabel, formatSize } from '@cloudstash/contract';
import { PageHeader } from '../../../components/PageHeader';
import { FileIcon } from '../../../components/FileIcon';
import { TextField } from '../../../components/TextField';
import { useUploadFile } from '../api/upload-file';
import { chosenFileError, defaultFilename, submitError } from '../validation';
import { DropArea } from './DropArea';
import { PendingButton } from '../../../components/PendingButton';

/** /dashboard/upload-file */
export default function UploadPage() {
  const navigate = useNavigate();
  const upload = useUploadFile();
  const [file, setFile] = useState<File | null>(null);
  const [filename, setFilename] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setFilename('');
    setIsPublic(false);
    setError(null);
  };

  const onFile = (chosen: File) => {
    const refusal = chosenFileError(chosen);
    if (refusal) {
      // Refused before sending: the page and a toast both say why.
      setFile(null);
      setError(refusal);
      toast.error(refusal);
      return;
    }
    setError(null);
    setFile(chosen);
    setFilename((current) => (current.trim() ? current : defaultFilename(chosen)));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = submitError(file, filename);
    if (problem || !file) {
      setError(problem);
      toast.error(problem ?? '');
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
  const canSubmit = !upload.isPending && file !== null && filename.trim() !== '';

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Upload File"
        subtitle="Add a file to your storage. Duplicate files are stored only once."
      />
      <form onSubmit={onSubmit} noValidate className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          {file ? (
            <div className="flex flex-col gap-3 rounded-box bg-base-200 p-4 sm:flex-row sm:items-center">
              <FileIcon mimetype={file.type} className="size-10" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium" title={file.name}>
                  {file.name}
                </p>
                <p className="text-sm text-base-content/70">
                  {fileTypeLabel(file.type)} · {formatSize(file.size)}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-outline btn-error btn-sm"
                onClick={reset}
                disabled={upload.isPending}
              >
                Remove File
              </button>
            </div>
          ) : (
            <DropArea onFile={onFile} disabled={upload.isPending} />
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
            disabled={upload.isPending}
          />
          <label className="flex cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              className="checkbox checkbox-primary"
              checked={isPublic}
              onChange={(event) => setIsPublic(event.target.checked)}
              disabled={upload.isPending}
            />
            <span>Make this file public</span>
          </label>
          {upload.isPending && (
            <div className="flex items-center gap-3">
              <progress
                className="progress progress-primary flex-1"
                value={percent}
                max={100}
                aria-label="Upload progress"
              />
              <span className="w-12 text-right text-sm tabular-nums">{percent}%</span>
            </div>
          )}
          <PendingButton
            type="submit"
            className="btn-primary"
            pending={upload.isPending}
            disabled={!canSubmit}
          >
            {upload.isPending ? 'Uploading...' : 'Upload File'}
          </PendingButton>
        </div>
      </form>
    </div>
  );
}
