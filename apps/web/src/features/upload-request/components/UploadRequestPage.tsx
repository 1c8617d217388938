import { useParams } from 'react-router';
import { LoadingState } from '../../../components/States';
import { LinkUnavailable, VisitorFrame } from '../../../components/visitor/VisitorFrame';
import { LinkUnlockForm } from '../../../components/visitor/LinkUnlockForm';
import { useRouteTitle } from '../../../lib/route-announce';
import { useRequestUnlock, useRequestVisit } from '../api/request-visit';
import { LinkUploadView } from './LinkUploadView';

/**
 * /r/{token}: an upload link's page for someone without an account. They send files into the owner's folder
 * and see only what they sent; a password comes first when the link has one, and a link that ended looks like
 * any other that did.
 */
export default function UploadRequestPage() {
  useRouteTitle();
  const { token = '' } = useParams();
  const visit = useRequestVisit(token);
  const unlock = useRequestUnlock(token);

  return (
    <VisitorFrame>
      {visit.isPending ? (
        <LoadingState label="Opening link" />
      ) : visit.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          Could not open this link. Please try again.
        </div>
      ) : visit.data === null ? (
        <LinkUnavailable />
      ) : visit.data.passwordRequired ? (
        <LinkUnlockForm unlock={unlock} />
      ) : (
        <LinkUploadView key={token} token={token} visit={visit.data} focusHeading={unlock.isSuccess} />
      )}
    </VisitorFrame>
  );
}
