import { formatPercent, formatRatio } from './format';
import type { StorageStats } from './schemas';

/** The figures derived from storage statistics, as the Storage Statistics screen shows them. */
export interface DedupFigures {
  /** storageSaved / totalLogicalSize ("75.0%"). */
  efficiency: string;
  /** Total uploads per unique stored file ("1.03x"). */
  duplicateRatio: string;
  /** Share of uploads whose bytes were already stored ("2.9%"). */
  duplicateUploads: string;
}

export function dedupFigures(stats: StorageStats): DedupFigures {
  const { storageSaved, totalLogicalSize, totalFilesUploaded, uniqueFilesStored } = stats;
  return {
    efficiency: formatPercent(storageSaved, totalLogicalSize),
    duplicateRatio: formatRatio(totalFilesUploaded, uniqueFilesStored),
    duplicateUploads: formatPercent(totalFilesUploaded - uniqueFilesStored, totalFilesUploaded),
  };
}
