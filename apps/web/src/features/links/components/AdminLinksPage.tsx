import { useAdminLinks } from '../api/links';
import { LinksScreen } from './LinksScreen';

/** /dashboard/admin/links: every share link on the instance; any of them can be revoked. */
export default function AdminLinksPage() {
  return (
    <LinksScreen
      title="All Share Links"
      subtitle="Every share link on this instance, whoever created it."
      list={useAdminLinks()}
      showOwner
    />
  );
}
