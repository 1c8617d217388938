import type { ReactNode } from 'react';
import { fileTypeLabel, formatDate, formatSize, type StoredFile } from '@cloudstash/contract';
import { VisibilityBadge } from '../../../components/VisibilityBadge';
import { Avatar } from '../../../components/Avatar';
import { uploaderShown } from '../../../lib/uploader';

export function FileDetailsCard({ file }: { file: StoredFile }) {
  const rows: [string, ReactNode][] = [
    ['File ID', <code className="break-all text-xs">{file._id}</code>],
    [
      'Type',
      // An office type's registered name runs to 70 characters: it wraps anywhere rather than push the card wide.
      <span className="break-all">
        {fileTypeLabel(file.mimetype, file.filename)}{' '}
        <span className="font-normal text-base-content/70">({file.mimetype})</span>
      </span>,
    ],
    ['Size', formatSize(file.size)],
    ['Downloads', file.downloadCount],
    ['Visibility', <VisibilityBadge isPublic={file.isPublic} />],
    ['Uploaded', formatDate(file.createdAt)],
    ['Modified', formatDate(file.updatedAt)],
  ];
  return (
    <section aria-labelledby="file-details" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body">
        <h2 id="file-details" className="card-title">
          File Details
        </h2>
        <dl className="divide-y divide-base-300">
          {rows.map(([label, value]) => (
            <div key={label} className="flex items-start justify-between gap-4 py-2">
              <dt className="shrink-0 text-sm text-base-content/70">{label}</dt>
              <dd className="min-w-0 text-right text-sm font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

export function UploaderCard({ file }: { file: StoredFile }) {
  const { name, owner, through } = uploaderShown(file);
  return (
    <section aria-labelledby="uploaded-by" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body">
        <h2 id="uploaded-by" className="card-title">
          Uploaded By
        </h2>
        <div className="flex items-center gap-3">
          <Avatar name={name} tone="secondary" />
          <div className="min-w-0">
            <p className="truncate font-medium">{name}</p>
            {!owner && file.uploadedBy?.email && (
              <p className="truncate text-sm text-base-content/70">{file.uploadedBy.email}</p>
            )}
            {through && <p className="truncate text-sm text-base-content/70">Through {through}</p>}
          </div>
        </div>
        {owner && (
          <p className="text-sm">
            <span className="text-base-content/70">Owner:</span> {owner}
            {file.uploadedBy?.email && (
              <span className="text-base-content/70"> · {file.uploadedBy.email}</span>
            )}
          </p>
        )}
        {/* A file sent through an upload link is its owner's; this says who actually sent it. */}
        {file.uploadNote && <p className="text-sm text-base-content/80">{file.uploadNote}</p>}
      </div>
    </section>
  );
}
