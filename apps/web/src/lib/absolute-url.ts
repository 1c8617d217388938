/** The address a visitor opens: absolute, whether or not the server knows its public origin. */
export const absoluteUrl = (url: string) => new URL(url, window.location.origin).toString();
