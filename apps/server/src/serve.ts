import { buildApp, type AppOverrides } from './app';
import type { Config } from './config';
import { readyLine } from './ready-line';
import { startDigestThread } from './upload/digest-thread';

/** Reclamation runs this often in the background; a lease keeps it to one process at a time. */
const SWEEP_INTERVAL_MS = 15 * 60_000;
/** The scrub reads its hourly budget in slices this far apart, so it never takes a disk for long. */
const SCRUB_INTERVAL_MS = 5 * 60_000;

/**
 * Runs CloudStash as a long-lived process: start-up clean-up, listening, the background sweep and a graceful
 * shutdown on SIGTERM/SIGINT. main.ts calls it with the settings; a test harness may pass overrides.
 */
export async function serve(config: Config, overrides: AppOverrides = {}): Promise<void> {
  const { app, services, beginShutdown } = await buildApp(config, overrides);
  if (config.database.kind === 'postgres' && !config.appSecret) {
    app.log.warn(
      'APP_SECRET is not set: download links are signed with a key kept in DATA_DIR, so other processes will refuse ' +
        'them unless they share that folder. Give every process the same APP_SECRET.',
    );
  }
  // Whatever a previous run left half-written is garbage now: no upload survives a restart. (DATA_DIR, and so
  // its tmp folder, belongs to this process alone; see docs/deployment.md.)
  await services.maintenance.removeTempFiles(Date.now());
  startDigestThread();
  await app.listen({ port: config.port, host: config.host });
  const bound = app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.port;
  const newInstance = !(await services.accounts.hasAccounts());
  // For the person who started it, not for the log: plain text on stdout, outside the JSON request log.
  console.log(readyLine(config, { host: config.host, port }, { newInstance }));
  if (!config.publicOrigin && ['0.0.0.0', '::', '[::]'].includes(config.host)) {
    app.log.warn(
      `Listening on all interfaces without PUBLIC_ORIGIN: only loopback names and this machine's own addresses are answered; add any other name people use to ALLOWED_HOSTS (now: ${config.allowedHosts.join(',') || 'empty'}).`,
    );
  }

  let sweeping: Promise<unknown> | undefined;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = services.maintenance
      .sweepIfLeader()
      .catch((error: unknown) => app.log.warn({ err: error }, 'background gc failed'))
      .finally(() => (sweeping = undefined));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  let scrubbing: Promise<unknown> | undefined;
  const scrub = setInterval(() => {
    if (scrubbing || config.scrubBytesPerHour <= 0) return;
    scrubbing = services.maintenance
      .scrubIfLeader((config.scrubBytesPerHour * SCRUB_INTERVAL_MS) / 3_600_000)
      .catch((error: unknown) => app.log.warn({ err: error }, 'background scrub failed'))
      .finally(() => (scrubbing = undefined));
  }, SCRUB_INTERVAL_MS);
  scrub.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // From here health answers 503, so the load balancer sends no new work; requests already here finish.
    beginShutdown();
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: finishing in-flight requests');
    clearInterval(sweep);
    clearInterval(scrub);
    const deadline = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    try {
      if (config.shutdownDrainMs > 0)
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      // Stops accepting connections, answers 503 to new requests on open ones, waits for in-flight requests
      // (uploads included) to finish, then runs the onClose hooks, which close the database.
      await Promise.all([app.close(), sweeping, scrubbing]);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
