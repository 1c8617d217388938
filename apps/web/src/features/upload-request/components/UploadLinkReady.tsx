import type { UploadRequest } from '@cloudstash/contract';
import { CopyField } from '../../../components/CopyField';
import { QrCode } from '../../../components/QrCode';
import { absoluteUrl } from '../../../lib/absolute-url';

/** A new upload link, to pass on: its address with Copy, and a QR code for a phone to open. */
export function UploadLinkReady({ link }: { link: UploadRequest }) {
  const url = absoluteUrl(link.url);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-base-content/80">
        Anyone with this link can send files into{' '}
        <span className="font-medium break-words">{link.folderName}</span>. They see only what they send.
      </p>
      <CopyField label="Upload link" value={url} what="Link" />
      <QrCode text={url} alt={`QR code of the upload link ${link.label}`} />
    </div>
  );
}
