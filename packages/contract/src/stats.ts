import type { StorageStats } from './schemas';

/** The figures derived from storage statistics, computed once for every screen. */
export interface DedupFigures {
  /** storageSaved / totalLogicalSize, as a percentage. */
  efficiencyPercent: number;
  /** Total uploads per unique stored file. */
  duplicateRatio: number;
  /** Share of uploads whose bytes were already stored, as a percentage. */
  duplicateUploadsPercent: number;
}

export function dedupFigures(stats: StorageStats): DedupFigures {
  const { storageSaved, totalLogicalSize, totalFilesUploaded, uniqueFilesStored } = stats;
  return {
    efficiencyPercent: totalLogicalSize ? (storageSaved / totalLogicalSize) * 100 : 0,
    duplicateRatio: uniqueFilesStored ? totalFilesUploaded / uniqueFilesStored : 0,
    duplicateUploadsPercent: totalFilesUploaded
      ? ((totalFilesUploaded - uniqueFilesStored) / totalFilesUploaded) * 100
      : 0,
  };
}
