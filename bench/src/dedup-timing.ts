import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { hodgesLehmannShift, mannWhitneyU } from '@cloudstash/test-support/mann-whitney';
import { multipartBody, signUp, upload } from './lib/api';
import { spreadOf } from './lib/load';
import type { Row } from './lib/report';
import { startCloudStash } from './lib/servers';

const FILE_BYTES = 4 * 1024 * 1024;
/** Uploads of each kind in a round: 200 in all, alternating. */
const PAIRS = 100;

interface Ctx {
  root: string;
  log: (line: string) => void;
}

/** 4 MiB that type detection takes for a JPEG, new on every call: bytes meant to be stored already are re-sent. */
function newJpegBytes(): Buffer {
  const bytes = crypto.randomBytes(FILE_BYTES);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(bytes, 0);
  return bytes;
}

/** Rounds of 200 uploads each, so the row carries its spread like every other; each round its own accounts. */
const ROUNDS = 3;

interface Samples {
  freshMs: number[];
  storedMs: number[];
}

/**
 * One round: an account of its own uploads 100 files, then a second account uploads, one at a time,
 * alternately bytes nobody holds and bytes the first account holds, and each upload is timed.
 */
async function timedRound(origin: string, dataDir: string, round: number): Promise<Samples> {
  const holder = await signUp(origin, `holder-${round}@bench.test`);
  const prober = await signUp(origin, `prober-${round}@bench.test`);
  const stored: Buffer[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const held = newJpegBytes();
    await upload(origin, holder, multipartBody(held, `held-${i}.jpg`, 'image/jpeg').body);
    stored.push(multipartBody(held, `probe.jpg`, 'image/jpeg').body);
  }
  const fresh = Array.from(
    { length: PAIRS },
    () => multipartBody(newJpegBytes(), 'probe.jpg', 'image/jpeg').body,
  );
  // Writeback of the holder's uploads must not land on the first probes.
  execFileSync('sync');
  const timed = async (body: Buffer) => {
    const started = performance.now();
    await upload(origin, prober, body);
    return performance.now() - started;
  };
  // The untimed first probe. `sync` above blocks this process, on a busy disk for longer than the server's
  // 10 s keep-alive: the server closes the idle connection unnoticed and the first request after it fails with
  // "fetch failed" (seen once on a loaded machine). It is sent again once; the timed ones never are.
  const warmUp = () => timed(multipartBody(newJpegBytes(), 'probe.jpg', 'image/jpeg').body);
  await warmUp().catch(warmUp);
  const blobsBefore = storedBlobs(dataDir);
  const samples: Samples = { freshMs: [], storedMs: [] };
  for (let i = 0; i < PAIRS; i++) {
    // Which kind goes first alternates too, so a slow moment of the machine falls on both alike.
    if (i % 2) {
      samples.storedMs.push(await timed(stored[i]!));
      samples.freshMs.push(await timed(fresh[i]!));
    } else {
      samples.freshMs.push(await timed(fresh[i]!));
      samples.storedMs.push(await timed(stored[i]!));
    }
  }
  // Only the fresh probes may have added bytes to the store; an already-stored probe that did was not one.
  const added = storedBlobs(dataDir) - blobsBefore;
  if (added !== PAIRS) throw new Error(`dedup timing: the probes stored ${added} blobs, not ${PAIRS}`);
  return samples;
}

/** Blob files in the store of the CloudStash whose data folder is `dataDir`. */
function storedBlobs(dataDir: string): number {
  const entries = fs.readdirSync(path.join(dataDir, 'blobs'), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

/**
 * The deduplication side channel, measured the way an outsider would: rounds of timed uploads (timedRound),
 * and the two timing samples of all rounds together compared with a Mann–Whitney U test. Equal work on both
 * paths shows as p > 0.05 (no detectable difference) and a shift within 5 % of the fresh median. The shift is
 * the Hodges–Lehmann estimate, not the difference of the two medians: on a disk whose fsyncs have two modes
 * those fell 14 and 17 % apart for two samples of the very same work (both fresh uploads). The medians are
 * shown beside it; each round's shift, over the fresh median of all rounds, is the row's spread.
 */
export async function dedupTimingBenchmark(ctx: Ctx): Promise<Row[]> {
  const dataDir = path.join(ctx.root, 'dedup-timing-data');
  const cs = await startCloudStash({ dataDir });
  try {
    const rounds: (Samples & { p: number; shiftMs: number })[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const samples = await timedRound(cs.origin, dataDir, r);
      const shiftMs = hodgesLehmannShift(samples.storedMs, samples.freshMs);
      rounds.push({ ...samples, shiftMs, p: mannWhitneyU(samples.storedMs, samples.freshMs).p });
      ctx.log(`dedup timing round ${r + 1}: already stored minus fresh ${shiftMs.toFixed(2)} ms`);
    }
    const freshMs = rounds.flatMap((round) => round.freshMs);
    const storedMs = rounds.flatMap((round) => round.storedMs);
    const { p, u } = mannWhitneyU(storedMs, freshMs);
    const shiftMs = hodgesLehmannShift(storedMs, freshMs);
    const fresh = spreadOf(freshMs);
    const stored = spreadOf(storedMs);
    const ratio = 1 + shiftMs / fresh.median;
    ctx.log(
      `dedup timing: fresh p50 ${fresh.median.toFixed(1)} ms, already stored p50 ${stored.median.toFixed(1)} ms, shift ${shiftMs.toFixed(2)} ms, Mann-Whitney U p=${p.toFixed(3)}`,
    );
    return [
      {
        section: 'transfer',
        workload: `upload timing, already-stored vs fresh 4 MB, ${ROUNDS} rounds of ${2 * PAIRS} alternating single-client uploads from a second account`,
        baseline: `fresh p50 ${fresh.median.toFixed(1)} ms (min ${fresh.min.toFixed(1)}, max ${fresh.max.toFixed(1)})`,
        cloudstash: `already stored p50 ${stored.median.toFixed(1)} ms (min ${stored.min.toFixed(1)}, max ${stored.max.toFixed(1)}); shift ${shiftMs >= 0 ? '+' : ''}${shiftMs.toFixed(2)} ms; Mann–Whitney U p = ${p.toFixed(3)} (per round ${rounds.map((round) => round.p.toFixed(2)).join(', ')})`,
        ratio,
        spread: spreadOf(rounds.map((round) => 1 + round.shiftMs / fresh.median)),
        target: 'p > 0.05 and a shift (Hodges–Lehmann) within 5 % of the fresh median',
        pass: p > 0.05 && Math.abs(ratio - 1) <= 0.05,
        details: { p, u, shiftMs, fresh, stored, rounds },
      },
    ];
  } finally {
    await cs.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
