/** A LIKE pattern (with `escape '\'`) matching any text that contains `text` in lower case, taken literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
