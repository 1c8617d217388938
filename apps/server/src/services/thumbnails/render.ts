import sharp from 'sharp';
import { PermanentJobError } from '../jobs/queue';
import { runTool, type ThumbnailTools } from './tools';

/** Long side of each thumbnail, in pixels: a grid card and a preview. */
export const THUMBNAIL_SIZES = [256, 1024] as const;
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];

/** Images larger than this are refused before decoding: a small file may declare a huge canvas (a bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Any one decode, resize or tool run stops after this long. */
export const RENDER_TIMEOUT_MS = 30_000;
/** A poster frame or a rendered page is at most a 1024 px PNG; more output than this is refused. */
const MAX_TOOL_OUTPUT_BYTES = 32 * 1024 * 1024;

// One libvips thread per job: the worker already runs one job per core. No operation cache, since no
// two jobs read the same input and the cache would only hold memory.
sharp.concurrency(1);
sharp.cache(false);

export interface RenderedThumbnail {
  size: ThumbnailSize;
  bytes: Buffer;
  width: number;
  height: number;
}

export interface Rendered {
  thumbnails: RenderedThumbnail[];
  /** A video's length in milliseconds, when it could be read. */
  durationMs: number | null;
}

/** The input cannot be turned into a thumbnail and never will be (corrupt, a bomb, not what it claims). */
export class UndecodableError extends PermanentJobError {}

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/**
 * The demuxer each accepted video type is read with. It is named on the command line instead of left to
 * ffmpeg's probing, which looks at the content and could pick a playlist or manifest demuxer (DASH, HLS,
 * concat) for a file detected as a video: those open the files and URLs the content names.
 */
const DEMUXER_BY_TYPE: Record<string, string> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/webm': 'matroska',
};
const VIDEO_TYPES = new Set(Object.keys(DEMUXER_BY_TYPE));

export const isImage = (mimetype: string) => IMAGE_TYPES.has(mimetype);

/** Whether this instance can make a thumbnail of this media type (the tools a type needs are present). */
export function canRender(mimetype: string, tools: ThumbnailTools): boolean {
  if (IMAGE_TYPES.has(mimetype)) return true;
  if (VIDEO_TYPES.has(mimetype)) return Boolean(tools.ffmpeg);
  if (mimetype === 'application/pdf') return Boolean(tools.pdftoppm);
  return false;
}

/**
 * Both sizes from one decode: EXIF orientation applied, then every piece of metadata dropped (sharp writes
 * none unless asked), so a photo's GPS position never reaches its thumbnail. The pixel limit refuses a bomb
 * from its header, before any pixel is decoded.
 */
export async function renderImage(input: string | Buffer): Promise<RenderedThumbnail[]> {
  const timeout = { seconds: RENDER_TIMEOUT_MS / 1000 };
  try {
    const largest = Math.max(...THUMBNAIL_SIZES);
    const base = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize(largest, largest, { fit: 'inside', withoutEnlargement: true })
      .timeout(timeout)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
    const out: RenderedThumbnail[] = [];
    for (const size of THUMBNAIL_SIZES) {
      const { data, info } = await sharp(base.data, { raw })
        .resize(size, size, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: size <= 256 ? 70 : 80 })
        .timeout(timeout)
        .toBuffer({ resolveWithObject: true });
      out.push({ size, bytes: data, width: info.width, height: info.height });
    }
    return out;
  } catch (error) {
    throw new UndecodableError(`image: ${(error as Error).message}`.slice(0, 400));
  }
}

/**
 * The input options of every ffmpeg and ffprobe run: the detected container's demuxer, one thread, and the
 * bytes from standard input through the `cache` protocol (which keeps what it has read in a temporary file of
 * its own, so a video whose index comes last can still seek back) over `pipe:0`. Those two are the only
 * protocols allowed, so no demuxer can open a file or a URL named inside the content; the QuickTime
 * demuxer's external data references are off as well.
 */
function videoInput(mimetype: string): string[] {
  const demuxer = DEMUXER_BY_TYPE[mimetype];
  if (!demuxer) throw new UndecodableError(`no video demuxer for ${mimetype}`);
  return [
    '-protocol_whitelist',
    'cache,pipe',
    '-threads',
    '1',
    '-f',
    demuxer,
    ...(demuxer === 'mov' ? ['-enable_drefs', '0'] : []),
  ];
}
const VIDEO_INPUT_URL = 'cache:pipe:0';

/**
 * The video's duration, read by ffprobe with the container forced: a file that does not parse as the
 * container it was detected as is refused here, before any frame is decoded. Null when ffprobe is missing.
 */
async function videoDuration(file: string, mimetype: string, tools: ThumbnailTools): Promise<number | null> {
  if (!tools.ffprobe) return null;
  const out = await runTool(
    tools.ffprobe,
    [
      '-v',
      'error',
      ...videoInput(mimetype),
      '-show_entries',
      'format=duration',
      '-of',
      'default=nw=1:nk=1',
      VIDEO_INPUT_URL,
    ],
    tools,
    { stdinFile: file, timeoutMs: RENDER_TIMEOUT_MS, maxBytes: 4096 },
  );
  const seconds = Number(out.toString('utf8').trim());
  return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : null;
}

/** A poster frame (a second in, or the middle of a shorter video) and the video's duration. */
export async function renderVideo(file: string, mimetype: string, tools: ThumbnailTools): Promise<Rendered> {
  if (!tools.ffmpeg) throw new UndecodableError('video: ffmpeg is not installed');
  const frame = async (seek: number) =>
    runTool(
      tools.ffmpeg!,
      [
        '-nostdin',
        '-v',
        'error',
        '-ss',
        seek.toFixed(3),
        ...videoInput(mimetype),
        '-i',
        VIDEO_INPUT_URL,
        '-frames:v',
        '1',
        // At most 1024 px on the long side, never enlarged.
        '-vf',
        "scale=w='min(1024,iw)':h='min(1024,ih)':force_original_aspect_ratio=decrease",
        '-f',
        'image2pipe',
        '-c:v',
        'png',
        'pipe:1',
      ],
      tools,
      { stdinFile: file, timeoutMs: RENDER_TIMEOUT_MS, maxBytes: MAX_TOOL_OUTPUT_BYTES },
    );
  let png: Buffer;
  let durationMs: number | null;
  try {
    durationMs = await videoDuration(file, mimetype, tools);
    const at = durationMs === null ? 0 : Math.min(1, durationMs / 2000);
    png = await frame(at);
    // Seeking past the last key frame of a very short clip yields nothing; the first frame will do.
    if (png.length === 0 && at > 0) png = await frame(0);
  } catch (error) {
    throw new UndecodableError(`video: ${(error as Error).message}`);
  }
  if (png.length === 0) throw new UndecodableError('video: no frame could be decoded');
  return { thumbnails: await renderImage(png), durationMs };
}

/**
 * The first page, rendered at 1024 px on its long side, from standard input (`-`): poppler is given no path,
 * so a document has no folder to name files relative to, and poppler fetches no URL a document names.
 */
export async function renderPdf(file: string, tools: ThumbnailTools): Promise<Rendered> {
  if (!tools.pdftoppm) throw new UndecodableError('pdf: pdftoppm is not installed');
  let png: Buffer;
  try {
    png = await runTool(
      tools.pdftoppm,
      // Without an output root, pdftoppm writes the page to its standard output.
      ['-f', '1', '-l', '1', '-singlefile', '-png', '-scale-to', '1024', '-'],
      tools,
      { stdinFile: file, timeoutMs: RENDER_TIMEOUT_MS, maxBytes: MAX_TOOL_OUTPUT_BYTES },
    );
  } catch (error) {
    throw new UndecodableError(`pdf: ${(error as Error).message}`);
  }
  if (png.length === 0) throw new UndecodableError('pdf: the first page could not be rendered');
  return { thumbnails: await renderImage(png), durationMs: null };
}

/** Thumbnails of the file at `file`, whose media type was detected from its bytes at upload. */
export async function render(file: string, mimetype: string, tools: ThumbnailTools): Promise<Rendered> {
  if (IMAGE_TYPES.has(mimetype)) return { thumbnails: await renderImage(file), durationMs: null };
  if (VIDEO_TYPES.has(mimetype)) return renderVideo(file, mimetype, tools);
  if (mimetype === 'application/pdf') return renderPdf(file, tools);
  throw new UndecodableError(`no thumbnail for ${mimetype}`);
}
