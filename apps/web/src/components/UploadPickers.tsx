import { useRef } from 'react';
import { pickedFromInput } from '../lib/dropped-files';
import { useUploadTarget } from './upload-target';

/** Marks an input as a folder picker (the attribute React does not know by name). */
const asFolderPicker = (input: HTMLInputElement | null) => input?.setAttribute('webkitdirectory', '');

/**
 * 'Upload files' and 'Upload folder': many files, or a folder with everything in it, into `folderId` (null =
 * the top). The choice goes to the upload panel at once; the inputs are emptied so the same choice can be made again.
 */
export function UploadPickers({ folderId }: { folderId: string | null }) {
  const queue = useUploadTarget();
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const onChosen = (input: HTMLInputElement) => {
    queue.add(pickedFromInput(input.files ?? []), folderId);
    input.value = '';
  };
  return (
    <div className="flex flex-wrap gap-2">
      <input
        ref={files}
        type="file"
        multiple
        hidden
        data-testid="upload-files-input"
        onChange={(event) => onChosen(event.currentTarget)}
      />
      <input
        ref={(input) => {
          folder.current = input;
          asFolderPicker(input);
        }}
        type="file"
        hidden
        data-testid="upload-folder-input"
        onChange={(event) => onChosen(event.currentTarget)}
      />
      <button type="button" className="btn btn-primary btn-sm" onClick={() => files.current?.click()}>
        Upload files
      </button>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => folder.current?.click()}>
        Upload folder
      </button>
    </div>
  );
}
