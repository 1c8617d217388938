import { useEffect, useRef } from 'react';
import { RequestHeader } from './RequestHeader';
import { SendFilesCard } from './SendFilesCard';
import { UnfinishedNotice } from './UnfinishedNotice';
import { LinkUploadList } from './LinkUploadList';
import { roomLeft, type OpenVisit } from '../visitor/link-room';
import { useLinkUploads } from '../visitor/use-link-uploads';

interface LinkUploadViewProps {
  token: string;
  visit: OpenVisit;
  /** The page appeared after the password form: its heading takes focus from the form that is gone. */
  focusHeading: boolean;
}

/** An open upload link: who asks and for what, the visitor's name and files, and how each file is doing. */
export function LinkUploadView({ token, visit, focusHeading }: LinkUploadViewProps) {
  const { queue, items, unfinished, earlier } = useLinkUploads(token);
  const room = roomLeft(visit, items);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);

  return (
    <div className="flex w-full max-w-xl flex-col gap-6">
      <RequestHeader
        visit={visit}
        filesLeft={room.filesLeft}
        bytesLeft={room.bytesLeft}
        headingRef={heading}
      />
      <UnfinishedNotice uploads={unfinished} onForget={() => queue.forget()} />
      <SendFilesCard
        ownerName={visit.ownerName}
        full={room.full}
        onSend={(files, uploaderName) => queue.add(files, uploaderName)}
      />
      <LinkUploadList items={items} earlier={earlier} queue={queue} />
    </div>
  );
}
