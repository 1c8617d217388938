import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The optional programs thumbnails use, as found on the PATH at start-up; a missing one is undefined.
 * `prlimit` (util-linux) is not a thumbnailer: when present, every tool runs under its CPU and memory limits.
 */
export interface ThumbnailTools {
  ffmpeg?: string;
  ffprobe?: string;
  pdftoppm?: string;
  prlimit?: string;
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
    prlimit: onPath('prlimit', searchPath),
  };
}

/**
 * Seconds of CPU one tool run may use. A poster frame or a first page takes well under one; a file made to
 * keep a decoder busy (a page of millions of drawing operations) is stopped here, long before the wall-clock
 * limit, so one account's uploads cannot hold the workers for long.
 */
export const TOOL_CPU_SECONDS = 5;
/** Address space one tool run may map: a 1024 px frame or page needs a small part of it. */
export const TOOL_MEMORY_BYTES = 1024 * 1024 * 1024;
/** The lowest scheduling priority: thumbnails wait for requests, never the other way round. */
const TOOL_NICENESS = 19;

/** Thrown when a tool exits with an error or runs out of time; the message says which and why. */
export class ToolError extends Error {}

export interface ToolRun {
  /** The only input: this file is opened read-only here and becomes the tool's standard input. */
  stdinFile: string;
  timeoutMs: number;
  maxBytes: number;
}

/**
 * The command line that runs `program` under the CPU, memory and core-file limits, when prlimit is there.
 * The soft CPU limit sends SIGXCPU; the hard one, a second later, SIGKILL for a tool that ignores it.
 */
function limited(program: string, args: string[], tools: ThumbnailTools): [string, string[]] {
  if (!tools.prlimit) return [program, args];
  return [
    tools.prlimit,
    [
      `--cpu=${TOOL_CPU_SECONDS}:${TOOL_CPU_SECONDS + 1}`,
      `--as=${TOOL_MEMORY_BYTES}`,
      '--core=0',
      '--',
      program,
      ...args,
    ],
  ];
}

function describeFailure(
  name: string,
  run: ToolRun,
  how: { timedOut: boolean; overflow: boolean; code: number | null; signal: string | null },
  stderr: string,
): string {
  if (how.timedOut) return `${name} did not finish within ${run.timeoutMs / 1000} s`;
  if (how.overflow) return `${name} wrote more than ${run.maxBytes} bytes`;
  if (how.signal === 'SIGXCPU' || how.signal === 'SIGKILL')
    return `${name} used more than ${TOOL_CPU_SECONDS} s of CPU`;
  const said = stderr.trim().split('\n').slice(-2).join(' ');
  return `${name} ${said || `exited with ${how.signal ?? `code ${how.code}`}`}`;
}

/**
 * Runs `program` with `args` (no shell, so nothing in a file name is ever interpreted) at the lowest priority,
 * under the CPU and memory limits, killed after `timeoutMs`, and returns its standard output. Its standard
 * input is the input file, opened read-only here: the tool is given no path to it, so it is told to read
 * `pipe:`/`-` and nothing else. Output beyond `maxBytes` is an error, not a memory hazard.
 */
export async function runTool(
  program: string,
  args: string[],
  tools: ThumbnailTools,
  run: ToolRun,
): Promise<Buffer> {
  const input = await fs.promises.open(run.stdinFile, 'r');
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      const [command, argv] = limited(program, args, tools);
      const child = spawn(command, argv, {
        stdio: [input.fd, 'pipe', 'pipe'],
        windowsHide: true,
      });
      if (child.pid !== undefined) {
        try {
          os.setPriority(child.pid, TOOL_NICENESS);
        } catch {
          // it has exited already
        }
      }
      const out: Buffer[] = [];
      let outBytes = 0;
      let stderr = '';
      let overflow = false;
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, run.timeoutMs);
      child.stdout!.on('data', (chunk: Buffer) => {
        outBytes += chunk.length;
        if (outBytes > run.maxBytes) {
          overflow = true;
          child.kill('SIGKILL');
        } else out.push(chunk);
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        if (stderr.length < 8192) stderr += chunk.toString('utf8');
      });
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(new ToolError(`${path.basename(program)} ${error.message}`.slice(0, 400)));
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        if (code === 0 && !overflow && !timedOut) return resolve(Buffer.concat(out));
        const why = describeFailure(
          path.basename(program),
          run,
          { timedOut, overflow, code, signal },
          stderr,
        );
        reject(new ToolError(why.slice(0, 400)));
      });
    });
  } finally {
    await input.close();
  }
}
