import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/**
 * `text` as a QR code, drawn in the browser as an SVG image (nothing is sent anywhere to make it). A data: URL
 * in an <img> passes the strict content security policy, where inline SVG markup with styles would not.
 */
export function QrCode({ text, alt }: { text: string; alt: string }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let current = true;
    void QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (markup) => current && setSvg(markup),
    );
    return () => {
      current = false;
    };
  }, [text]);
  if (!svg) return null;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={alt}
      className="mx-auto size-44 rounded-box bg-white p-2"
    />
  );
}
