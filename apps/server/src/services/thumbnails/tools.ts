import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The optional programs thumbnails use, as found on the PATH at start-up; a missing one is undefined. */
export interface ThumbnailTools {
  ffmpeg?: string;
  ffprobe?: string;
  pdftoppm?: string;
}

function onPath(name: string, searchPath: string): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export function findThumbnailTools(searchPath = process.env.PATH ?? ''): ThumbnailTools {
  return {
    ffmpeg: onPath('ffmpeg', searchPath),
    ffprobe: onPath('ffprobe', searchPath),
    pdftoppm: onPath('pdftoppm', searchPath),
  };
}

/** Thrown when a tool exits with an error or runs out of time; the message says which and why. */
export class ToolError extends Error {}

/**
 * Runs `program` with `args` (no shell, so nothing in a file name is ever interpreted), killed after
 * `timeoutMs`, and returns its standard output. Output beyond `maxBytes` is an error, not a memory hazard.
 */
export function runTool(
  program: string,
  args: string[],
  { timeoutMs, maxBytes }: { timeoutMs: number; maxBytes: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      program,
      args,
      {
        encoding: 'buffer',
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: maxBytes,
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const name = path.basename(program);
        const e = error as NodeJS.ErrnoException & { killed?: boolean; code?: unknown };
        const why = e.killed
          ? `did not finish within ${timeoutMs / 1000} s`
          : e.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER'
            ? `wrote more than ${maxBytes} bytes`
            : stderr.toString('utf8').trim().split('\n').slice(-2).join(' ') || error.message;
        reject(new ToolError(`${name} ${why}`.slice(0, 400)));
      },
    );
  });
}
