import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { absoluteUrl } from '../share';

/** The link as a QR code, drawn in the browser as an SVG image (nothing is sent anywhere to make it). */
export function LinkQrCode({ url, filename }: { url: string; filename: string }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let current = true;
    void QRCode.toString(absoluteUrl(url), { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (markup) => current && setSvg(markup),
    );
    return () => {
      current = false;
    };
  }, [url]);
  if (!svg) return null;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={`QR code of the share link to ${filename}`}
      className="mx-auto size-44 rounded-box bg-white p-2"
    />
  );
}
