import { useDropzone } from 'react-dropzone';
import { DropAreaFrame } from '../../../components/DropAreaFrame';

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
  // The input sits beside the frame: the frame's button is the way to it.
  return (
    <>
      <input {...getInputProps({ 'aria-label': 'Files to send' })} data-testid="upload-link-input" />
      <DropAreaFrame dropzone={{ getRootProps, isDragActive }} kind="drops">
        <p className="font-medium">Drop files here, or</p>
        <button type="button" className="btn btn-primary" onClick={() => canChoose() && open()}>
          Choose files
        </button>
      </DropAreaFrame>
    </>
  );
}
