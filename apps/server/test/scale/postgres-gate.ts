/**
 * Suites that need PostgreSQL run whenever TEST_DATABASE_URL is set. Without it they fail in CI (process.env.CI)
 * so coverage cannot vanish unnoticed, and elsewhere say loudly that they did not run.
 */
export function postgresAvailable(suite: string): boolean {
  if (process.env.TEST_DATABASE_URL) return true;
  if (process.env.CI) {
    throw new Error(
      `${suite} needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)`,
    );
  }
  console.warn(
    `\n!!! ${suite} DID NOT RUN: TEST_DATABASE_URL is not set. ` +
      'Set it (e.g. postgres://postgres@127.0.0.1:5432/postgres) to run it.\n',
  );
  return false;
}
