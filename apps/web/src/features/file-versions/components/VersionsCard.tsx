import { useEffect, useRef, useState } from 'react';
import {
  fileTypeLabel,
  formatDate,
  formatSize,
  type FileVersion,
  type StoredFile,
} from '@cloudstash/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

const TO_THE_SECOND = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const formatDateToSecond = (iso: string) => TO_THE_SECOND.format(new Date(iso));

function uniqueWhen(versions: FileVersion[], version: FileVersion): string {
  const when = formatDateToSecond(version.createdAt);
  const alike = versions.filter((other) => formatDateToSecond(other.createdAt) === when);
  return alike.length > 1 ? `${when}, number ${alike.indexOf(version) + 1} of ${alike.length}` : when;
}
import { useDeleteVersion, useFileVersions, useRestoreVersion, versionContentUrl } from '../api/versions';

/**
 * The preview page's Versions card, for the file's owner: the earlier versions its bytes were replaced from,
 * newest first, each to download, restore (the current bytes become a version in turn) or delete. `keeps` is
 * how many the instance keeps per file (0: none).
 */
export function VersionsCard({ file, keeps }: { file: StoredFile; keeps: number }) {
  const { data: versions, isPending, isError } = useFileVersions(file._id, true);
  const restore = useRestoreVersion(file._id);
  const remove = useDeleteVersion(file._id);
  const [doomed, setDoomed] = useState<FileVersion | null>(null);
  // A restored or deleted version's row is gone with its buttons: focus goes to the card's heading instead of
  // falling to the page (after the dialog, whose own effect runs first, has given it back to the gone button).
  const heading = useRef<HTMLHeadingElement>(null);
  const [landed, setLanded] = useState(0);
  useEffect(() => {
    if (landed && !doomed) heading.current?.focus();
  }, [landed, doomed]);
  const land = () => setLanded((count) => count + 1);

  return (
    <section aria-labelledby="file-versions" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 id="file-versions" className="card-title" ref={heading} tabIndex={-1}>
          Versions
        </h2>
        <p className="text-sm text-base-content/80">
          {keeps > 0
            ? `Earlier versions are kept when you upload a new one (the newest ${keeps}).`
            : 'This instance keeps no earlier versions: a new version replaces the bytes.'}
        </p>
        {isPending && <span className="loading loading-spinner loading-sm" aria-label="Loading versions" />}
        {isError && <p className="text-sm text-error">Failed to load the versions</p>}
        {versions?.length === 0 && <p className="text-sm text-base-content/80">No earlier versions.</p>}
        {versions && versions.length > 0 && (
          <ol className="flex flex-col divide-y divide-base-300" aria-label="Earlier versions">
            {versions.map((version) => {
              const when = formatDate(version.createdAt);
              // To the second, and numbered among those replaced in the same second: no two versions' buttons may
              // share their names.
              const exactly = uniqueWhen(versions, version);
              return (
                <li key={version._id} className="flex flex-col gap-2 py-2">
                  <div className="text-sm">
                    <p className="font-medium">Replaced {when}</p>
                    <p className="text-base-content/80">
                      {formatSize(version.size)} · {fileTypeLabel(version.mimetype, file.filename)}
                      {version.replacedBy && ` · by ${version.replacedBy.name}`}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-1">
                    <a
                      className="btn btn-xs btn-ghost"
                      href={versionContentUrl(file._id, version._id)}
                      download={version.downloadName}
                      aria-label={`Download the version replaced ${exactly}`}
                    >
                      Download
                    </a>
                    <button
                      type="button"
                      className="btn btn-xs btn-outline"
                      // Busy, not disabled: a disabled button would drop focus to the page.
                      aria-disabled={restore.isPending || undefined}
                      onClick={() => !restore.isPending && restore.mutate(version._id, { onSuccess: land })}
                      aria-label={`Restore the version replaced ${exactly}`}
                    >
                      Restore
                    </button>
                    <button
                      type="button"
                      className="btn btn-xs btn-error"
                      onClick={() => setDoomed(version)}
                      aria-label={`Delete the version replaced ${exactly}`}
                    >
                      Delete
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <ConfirmDialog
        open={doomed !== null}
        title="Delete version?"
        message="This earlier version will be deleted. This action cannot be undone."
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() =>
          doomed && remove.mutate(doomed._id, { onSuccess: land, onSettled: () => setDoomed(null) })
        }
        onCancel={() => setDoomed(null)}
      />
    </section>
  );
}
