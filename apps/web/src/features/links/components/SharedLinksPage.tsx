import { useMyLinks } from '../api/links';
import { LinksScreen } from './LinksScreen';

/** /dashboard/links: every share link of the signed-in user. */
export default function SharedLinksPage() {
  return (
    <LinksScreen
      title="Shared Links"
      subtitle="Links that let people without an account open your files and folders."
      list={useMyLinks()}
    />
  );
}
