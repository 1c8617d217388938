import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** Reclamation runs this often in the background; a lease keeps it to one process at a time. */
const SWEEP_INTERVAL_MS = 15 * 60_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, services, beginShutdown } = await buildApp(config);
  if (config.database.kind === 'postgres' && !process.env.APP_SECRET) {
    app.log.warn(
      'APP_SECRET is not set: download links are signed with a key kept in DATA_DIR, so other processes will refuse ' +
        'them unless they share that folder. Give every process the same APP_SECRET.',
    );
  }
  // Whatever a previous run left half-written is garbage now: no upload survives a restart. (DATA_DIR, and so
  // its tmp folder, belongs to this process alone; see docs/deployment.md.)
  await services.maintenance.removeTempFiles(Date.now());
  await app.listen({ port: config.port, host: config.host });

  let sweeping: Promise<unknown> | undefined;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = services.maintenance
      .sweepIfLeader()
      .catch((error: unknown) => app.log.warn({ err: error }, 'background gc failed'))
      .finally(() => (sweeping = undefined));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // From here health answers 503, so the load balancer sends no new work; requests already here finish.
    beginShutdown();
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: finishing in-flight requests');
    clearInterval(sweep);
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
      await Promise.all([app.close(), sweeping]);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(`CloudStash could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
