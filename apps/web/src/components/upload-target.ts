import { createContext, useContext } from 'react';
import type { PickedFile } from '../lib/dropped-files';

/** Where a screen hands files dropped or picked for upload: the signed-in frame's upload queue. */
export interface UploadTarget {
  add: (picked: readonly PickedFile[], folderId: string | null) => void;
}

export const UploadTargetContext = createContext<UploadTarget | null>(null);

export function useUploadTarget(): UploadTarget {
  const target = useContext(UploadTargetContext);
  if (!target) throw new Error('useUploadTarget outside the signed-in frame');
  return target;
}
