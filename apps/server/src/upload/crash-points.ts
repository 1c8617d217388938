/**
 * TEST-ONLY crash hook. The crash-safety suite (test/security/crash-steps.test.ts) runs the server as a child
 * process with CLOUDSTASH_TEST_CRASH_AT=<step> and expects it to die by SIGKILL exactly when an upload reaches
 * that step; CLOUDSTASH_TEST_CRASH_AFTER=<n> lets the first n-1 uploads pass the step first. When the
 * variable is unset (every real deployment) `crashPoint` does nothing. Never set it in production.
 */
export const CRASH_STEPS = ['after-temp-write', 'after-fsync', 'after-rename', 'before-commit', 'after-commit'] as const;
export type CrashStep = (typeof CRASH_STEPS)[number];

const armed = process.env.CLOUDSTASH_TEST_CRASH_AT as CrashStep | undefined;
let remaining = Math.max(1, Number(process.env.CLOUDSTASH_TEST_CRASH_AFTER ?? 1) || 1);

/** True when a crash step is armed, so callers can skip wrapping anything otherwise. */
export const crashHookArmed = armed !== undefined && (CRASH_STEPS as readonly string[]).includes(armed);

export function crashPoint(step: CrashStep): void {
  if (!crashHookArmed || step !== armed) return;
  remaining -= 1;
  if (remaining === 0) process.kill(process.pid, 'SIGKILL');
}
