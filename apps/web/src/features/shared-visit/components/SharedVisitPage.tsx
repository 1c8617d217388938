import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { LoadingState } from '../../../components/States';
import { documentTitle, useRouteTitle } from '../../../lib/route-announce';
import { linkView } from '../api/link-view';
import { useSharedVisit, useUnlock } from '../api/shared';
import { FolderLinkView } from './FolderLinkView';
import { SharedFileView } from './SharedFileView';
import { LinkUnlockForm } from '../../../components/visitor/LinkUnlockForm';
import { LinkUnavailable, VisitorFrame } from '../../../components/visitor/VisitorFrame';

/** /s/{token}: a shared file, or a shared folder (?folder= a folder below it), for someone without an account. */
export default function SharedVisitPage() {
  useRouteTitle();
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const visit = useSharedVisit(token, searchParams.get('folder'));
  const unlock = useUnlock(token);
  const state = visit.data ? linkView(visit.data.pages).state : undefined;
  // Before a password is given the server says nothing of what the link holds, so the locked page is titled
  // as a link, not as a file it may not be (a folder's view titles itself once open).
  const was = useRef(state);
  useEffect(() => {
    if (state === 'locked' || state === 'ended') document.title = documentTitle('Shared Link');
    else if (state === 'file') document.title = documentTitle('Shared File');
    // The unlock form and its button are gone once the password is taken: focus goes to what opened.
    if (was.current === 'locked' && state !== 'locked') {
      const heading = document.querySelector<HTMLElement>('h1');
      heading?.setAttribute('tabindex', '-1');
      heading?.focus();
    }
    was.current = state;
  }, [state]);

  if (visit.isPending) {
    return (
      <VisitorFrame>
        <LoadingState label="Opening link" />
      </VisitorFrame>
    );
  }
  // A failed Load more keeps the pages already shown; only a link that could not be read at all fails the page.
  if (visit.isError && !visit.data) {
    return (
      <VisitorFrame>
        <div role="alert" className="alert alert-error alert-soft">
          Could not open this link. Please try again.
        </div>
      </VisitorFrame>
    );
  }
  const shown = linkView(visit.data.pages);
  return (
    <VisitorFrame>
      {shown.state === 'ended' && <LinkUnavailable />}
      {shown.state === 'locked' && <LinkUnlockForm unlock={unlock} />}
      {shown.state === 'file' && <SharedFileView token={token} file={shown.file} />}
      {shown.state === 'folder' && (
        <FolderLinkView
          token={token}
          view={shown.folder}
          files={shown.files}
          switching={visit.isPlaceholderData}
          pages={{
            hasMore: visit.hasNextPage,
            loadingMore: visit.isFetchingNextPage,
            loadMoreFailed: visit.isFetchNextPageError,
            onLoadMore: () => void visit.fetchNextPage(),
          }}
        />
      )}
    </VisitorFrame>
  );
}
