import { useImperativeHandle, type Ref } from 'react';
import { useDropzone } from 'react-dropzone';
import { DropAreaFrame } from '../../../components/DropAreaFrame';
import { firstDropped } from '../validation';
import { ANY_FILE_TYPE, formatSize } from '@cloudstash/contract';

interface DropAreaProps {
  onFile: (file: File) => void;
  /** The instance's upload limit, named in the hint once it is known. */
  maxUploadBytes?: number;
  /** The types the instance allows; the file picker hints at them, the real check is chosenFileError. */
  allowedTypes: readonly string[];
  disabled?: boolean;
  /** The drop zone itself, for the page to give it focus back (after Remove File). */
  ref?: Ref<HTMLDivElement>;
}

/**
 * Drag-and-drop or click-to-browse. Only the first dropped file is used, in the order dropped, and the page
 * checks it (a file of a refused type is named in the refusal rather than skipped for the next one).
 */
export function DropArea({ onFile, maxUploadBytes, allowedTypes, disabled, ref }: DropAreaProps) {
  const anyType = allowedTypes.includes(ANY_FILE_TYPE);
  const { getRootProps, getInputProps, isDragActive, rootRef } = useDropzone({
    // No `accept` here: the drop zone would split the drop into accepted and refused files and lose its order
    // ([bad.zip, good.png] would give good.png). With `multiple: false` alone, a drop of several files comes
    // back whole and in order (all refused as "too many"), and a single file comes back as it is.
    multiple: false,
    disabled,
    onDrop: (accepted, rejected) => {
      const first = firstDropped(accepted, rejected);
      if (first) onFile(first);
    },
  });
  useImperativeHandle(ref, () => rootRef.current as HTMLDivElement, [rootRef]);
  // The input sits beside the drop zone, not inside it: a focusable control inside a role=button is an a11y error.
  return (
    <>
      <input
        {...getInputProps({
          'aria-label': 'File to upload',
          // An instance that takes any file offers every file in the picker.
          ...(!anyType && { accept: allowedTypes.join(',') }),
        })}
        data-testid="file-input"
      />
      <DropAreaFrame dropzone={{ getRootProps, isDragActive }} kind="button">
        {/* The same words while a file is dragged over (the colours say it): they are the button's name. */}
        <p className="text-lg font-medium">Drag and drop a file here, or click to browse</p>
        <p className="text-sm text-base-content/70">
          {anyType
            ? 'Any type of file'
            : 'Images (JPEG, PNG, GIF, WebP), videos (MP4, MOV, WebM), PDF and plain text'}
          {maxUploadBytes !== undefined && `, up to ${formatSize(maxUploadBytes)}`}
        </p>
      </DropAreaFrame>
    </>
  );
}
