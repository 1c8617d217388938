import type { Ref } from 'react';
import { formatSize } from '@cloudstash/contract';
import { formatWhen } from '../format';
import type { OpenVisit } from '../visitor/link-room';

interface RequestHeaderProps {
  visit: OpenVisit;
  filesLeft: number | null;
  bytesLeft: number | null;
  /** The heading takes focus when the page appears after the password, so a screen reader says where they are. */
  headingRef: Ref<HTMLHeadingElement>;
}

/** Who asks, for what (the link's label and message), and what the link still takes. */
export function RequestHeader({ visit, filesLeft, bytesLeft, headingRef }: RequestHeaderProps) {
  return (
    <header className="flex flex-col gap-2">
      <p className="text-sm break-words text-base-content/80">{visit.ownerName} asks you to send files</p>
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold break-words sm:text-3xl">
        {visit.label || 'Send files'}
      </h1>
      {visit.message && <p className="break-words whitespace-pre-line">{visit.message}</p>}
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-base-content/80">
        {filesLeft !== null && (
          <li className="tabular-nums">
            {filesLeft} {filesLeft === 1 ? 'file' : 'files'} left
          </li>
        )}
        {bytesLeft !== null && <li className="tabular-nums">{formatSize(bytesLeft)} left</li>}
        <li>Up to {formatSize(visit.maxFileBytes)} per file</li>
        {visit.expiresAt && <li>Open until {formatWhen(visit.expiresAt)}</li>}
      </ul>
    </header>
  );
}
