import { DAV_BASE } from '@cloudstash/contract';
import { CopyField } from '../../../components/CopyField';

/**
 * The account's WebDAV address, beside the tokens it is used with: a desktop or a sync tool connects to it with
 * the account's email as the user name and an access token as the password (never the account password).
 */
export function WebDavAddress() {
  const address = `${window.location.origin}${DAV_BASE}`;
  return (
    <div className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <CopyField label="WebDAV address" value={address} what="WebDAV address" />
      <p className="text-sm text-base-content/80">
        Connect Finder (Go › Connect to Server), Windows Explorer (Map network drive), GNOME Files or KDE
        Dolphin (<code>davs://</code> or <code>webdav://</code> with this address), rclone (vendor{' '}
        <code>owncloud</code>) or davfs2 to this address. The user name is your email; the password is an
        access token: a read token browses, a read-write token can change your files.
      </p>
    </div>
  );
}
