import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** A real PNG of the given size with pixels derived from `seed`, so different seeds give different bytes. */
export function png(seed = 0, width = 4, height = 4): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  crypto.createHash('sha256').update(String(seed)).digest().copy(rows, 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A minimal, valid one-page PDF. */
export function pdf(text = 'CloudStash'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 12 Tf 20 50 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 12 Tf 20 50 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  return pdfOf(objects);
}

/** A PDF file of these objects (numbered from 1, the first the catalog), with its cross-reference table. */
export function pdfOf(objects: string[]): Buffer {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Bytes that file-type recognises as an MP4 video (an ftyp box with an isom brand, then padding). */
export function mp4(seed = 0, size = 2048): Buffer {
  const out = Buffer.alloc(size);
  out.writeUInt32BE(24, 0);
  out.write('ftypisom', 4, 'latin1');
  out.writeUInt32BE(0x200, 12);
  out.write('isomiso2', 16, 'latin1');
  crypto.createHash('sha256').update(`mp4-${seed}`).digest().copy(out, 32);
  return out;
}

export const text = (content: string) => Buffer.from(content, 'utf8');

export const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** A ZIP archive's first bytes: a type outside the allowed list. */
export const zip = () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]);

/** A real, decodable MP4 made by ffmpeg (a test pattern) in `dir`, for suites that need a video frame. */
export function ffmpegVideo(dir: string, options: { seconds: number; size: string }): Buffer {
  const file = path.join(dir, `clip-${options.seconds}s-${options.size}.mp4`);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${options.seconds}:size=${options.size}:rate=10`,
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return fs.readFileSync(file);
}
