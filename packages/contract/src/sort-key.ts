/**
 * The key names are sorted by, on every database alike: compared byte by byte (SQLite's BINARY, PostgreSQL's
 * "C"), it orders names case- and accent-insensitively, so "ébène" and "Éclair" sort among the e's, and "Straße"
 * beside "STRASSE". The server stores it beside each name (files.filename_key, users.name_key), and lists break
 * its ties by the exact name, then the id.
 *
 * Compatibility decomposition (NFKD) splits accents and ligatures off their letters and the combining marks are
 * dropped; lower-, upper- then lower-casing folds case fully (ẞ -> ß -> SS -> ss, Turkish dotless ı -> I -> i;
 * the dotted İ has already lost its dot); Greek final sigma is the same letter as σ. Computed here, never in
 * SQL, since the two databases fold Unicode differently (SQLite's lower() folds ASCII only).
 *
 * Stored keys were computed by the server's migration 017 with a frozen copy of this function: a change here
 * needs a new migration that recomputes every stored key, or lists would page past rows whose key is stale.
 */
export function nameSortKey(name: string): string {
  const folded = withoutMarks(name).toLowerCase().toUpperCase().toLowerCase().replaceAll('ς', 'σ');
  // Case mapping can compose again (an upper-case letter with its accent): strip what it brought back.
  return withoutMarks(folded);
}

const COMBINING_MARKS = /\p{M}/gu;

function withoutMarks(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '');
}

/**
 * A name with its case folded and nothing else: what "the same name ignoring case" compares ("Straße" and
 * "STRASSE" are one name, "Résumé" and "Resume" are two). Stored beside each folder's name (folders.name_fold);
 * a change here needs a migration that recomputes the stored values.
 */
export function caseFold(name: string): string {
  return name.normalize('NFC').toLowerCase().toUpperCase().toLowerCase().replaceAll('ς', 'σ');
}
