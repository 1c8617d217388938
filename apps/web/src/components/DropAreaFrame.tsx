import type { ReactNode } from 'react';
import type { DropzoneState } from 'react-dropzone';

interface DropAreaFrameProps {
  /** The drop zone the frame draws (react-dropzone's state, configured by the screen that takes the files). */
  dropzone: Pick<DropzoneState, 'getRootProps' | 'isDragActive'>;
  /**
   * `button`: the whole area opens the file picker, named by its visible words, so a voice command can say them.
   * `drops`: the area only takes drops; a button among its children opens the picker, so it is no control itself.
   */
  kind: 'button' | 'drops';
  /** The words under the picture, and the area's button where it has one. */
  children: ReactNode;
}

const KINDS = {
  button: {
    frame:
      'flex cursor-pointer flex-col items-center gap-3 rounded-box border-2 border-dashed p-8 text-center transition-colors sm:p-12',
    idle: 'border-base-300 hover:border-primary hover:bg-base-200',
    role: 'button',
    icon: 'size-12',
  },
  drops: {
    frame:
      'flex flex-col items-center gap-3 rounded-box border-2 border-dashed p-6 text-center transition-colors',
    idle: 'border-base-300',
    role: undefined,
    icon: 'size-10',
  },
} as const;

/**
 * Every drop area of the app: a dashed frame with an upload picture that lights up while files are dragged
 * over it. What it takes (one file or many, which types) is the screen's dropzone's concern, not the frame's.
 */
export function DropAreaFrame({ dropzone, kind, children }: DropAreaFrameProps) {
  const look = KINDS[kind];
  return (
    <div
      {...dropzone.getRootProps({
        className: `${look.frame} ${dropzone.isDragActive ? 'border-primary bg-primary/10' : look.idle}`,
        role: look.role,
      })}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`${look.icon} text-primary`}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M7 18a4.5 4.5 0 0 1-.6-8.96A6 6 0 0 1 18 8.5a4 4 0 0 1-.5 9.5M12 12v8m0-8-3 3m3-3 3 3" />
      </svg>
      {children}
    </div>
  );
}
