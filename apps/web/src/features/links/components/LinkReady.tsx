import type { Link } from '@cloudstash/contract';
import { QrCode } from '../../../components/QrCode';
import { absoluteUrl } from '../../../lib/absolute-url';
import { copyLink, shareLink } from '../../../lib/share';

/** A link just made, to pass on: its address, Copy, the device's Share, and a QR code. */
export function LinkReady({ link, name }: { link: Link; name: string }) {
  return (
    <div className="flex flex-col gap-4">
      <label className="fieldset">
        <span className="fieldset-legend text-sm">Link</span>
        <input className="input w-full" readOnly value={absoluteUrl(link.url)} />
      </label>
      <div className="flex flex-wrap gap-2">
        {/* Focus lands here when the link appears: the form's buttons it replaces are gone. */}
        <button
          type="button"
          className="btn btn-outline flex-1"
          onClick={() => void copyLink(link.url)}
          autoFocus
        >
          Copy Link
        </button>
        <button
          type="button"
          className="btn btn-outline flex-1"
          onClick={() => void shareLink(name, link.url)}
        >
          Share
        </button>
      </div>
      <QrCode text={absoluteUrl(link.url)} alt={`QR code of the share link to ${name}`} />
    </div>
  );
}
