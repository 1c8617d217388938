import { useDropzone } from 'react-dropzone';

interface FilesDropAreaProps {
  /** Files dropped or chosen, in the order given. */
  onFiles: (files: File[]) => void;
  /**
   * Asked before the file picker opens: false keeps it closed (the page has said what is missing, a name).
   * A drop cannot be held back, so the page checks again in `onFiles`.
   */
  canChoose: () => boolean;
}

/**
 * Where the visitor drops files or chooses them, many at once. The Choose files button is the keyboard's and the
 * phone's way in; the area around it only takes drops, so it is no control of its own.
 */
export function FilesDropArea({ onFiles, canChoose }: FilesDropAreaProps) {
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    multiple: true,
    noClick: true,
    noKeyboard: true,
    // Nothing is refused here (no type or size rule): the server decides each file, and its row says why.
    onDrop: (accepted) => onFiles(accepted),
  });
  return (
    <div
      {...getRootProps({
        role: undefined,
        className: `flex flex-col items-center gap-3 rounded-box border-2 border-dashed p-6 text-center transition-colors ${
          isDragActive ? 'border-primary bg-primary/10' : 'border-base-300'
        }`,
      })}
    >
      <input {...getInputProps({ 'aria-label': 'Files to send' })} data-testid="upload-link-input" />
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-10 text-primary"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M7 18a4.5 4.5 0 0 1-.6-8.96A6 6 0 0 1 18 8.5a4 4 0 0 1-.5 9.5M12 12v8m0-8-3 3m3-3 3 3" />
      </svg>
      <p className="font-medium">Drop files here, or</p>
      <button type="button" className="btn btn-primary" onClick={() => canChoose() && open()}>
        Choose files
      </button>
    </div>
  );
}
