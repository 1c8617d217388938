/** The browser's localStorage, or undefined where it is blocked (private modes, sandboxed frames). */
export function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
