/**
 * A WebDAV answer that is not one of the API's errors: a status the JSON API never gives (405, 409 on a missing
 * parent, 412, 423, 502, 507), optionally with the precondition element RFC 4918 names (`no-conflicting-lock`,
 * `lock-token-submitted`, `propfind-finite-depth`...), sent in a DAV:error body.
 */
export class DavError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly condition?: string,
  ) {
    super(message);
  }
}
