import { useRef, type ChangeEvent, type MouseEvent } from 'react';
import type { StoredFile } from '@cloudstash/contract';
import { useReplaceContent } from '../api/replace-content';

interface UploadVersionButtonProps {
  file: Pick<StoredFile, '_id' | 'filename'>;
  className?: string;
  label?: string;
}

/**
 * 'Upload new version': picks a file and sends it as the file's new bytes. The file keeps its name, links and
 * visibility; its previous bytes become a version when the instance keeps them.
 */
export function UploadVersionButton({
  file,
  className = 'btn btn-outline w-full',
  label = 'Upload new version',
}: UploadVersionButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const replace = useReplaceContent();
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // The same file may be picked again later: the input must change for that to fire again.
    event.target.value = '';
    if (picked) replace.mutate({ id: file._id, file: picked });
  };
  const onClick = (event: MouseEvent) => {
    // Rows open the preview when clicked; the button must not.
    event.stopPropagation();
    input.current?.click();
  };
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={onClick}
        disabled={replace.isPending}
        aria-label={`${label} of ${file.filename}`}
      >
        {replace.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {label}
      </button>
      <input
        ref={input}
        type="file"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`new-version-input-${file._id}`}
        onChange={onPick}
      />
    </>
  );
}
