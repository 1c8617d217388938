import type { ReactNode } from 'react';

/** A column's heading: its text, or a name only screen readers hear (a checkbox column's, say). */
export type RowHeading = string | { hidden: string; className?: string };

interface ResponsiveRowsProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
  /** Names the table and the card list for screen readers; without it the page's heading does. */
  caption?: string;
  /** The columns before the last, unnamed one that holds the row's actions; `false` leaves one out. */
  headings: readonly (RowHeading | false)[];
  /** A row's cells, its actions' included. */
  cells: (item: T) => ReactNode;
  /** A phone's card for the item: what goes inside its `<li>`. */
  card: (item: T) => ReactNode;
  cardClassName?: string;
  /** Stripes the table's rows. */
  zebra?: boolean;
  /** Whether the heading row's text is the page's own colour rather than the table's dimmer one. */
  strongHeadings?: boolean;
}

const CARD_CLASS = 'rounded-box border border-base-300 bg-base-100 p-4 shadow-sm';

/**
 * A list of items as a table on wide screens and a card each on phones (only one of the two is displayed).
 * The caller gives each row's cells and each card's content; the frame, the headings and the trailing
 * Actions column are the same everywhere.
 */
export function ResponsiveRows<T>({
  items,
  keyOf,
  caption,
  headings,
  cells,
  card,
  cardClassName = CARD_CLASS,
  zebra = true,
  strongHeadings = true,
}: ResponsiveRowsProps<T>) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
        <table className={zebra ? 'table table-zebra' : 'table'}>
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className={strongHeadings ? 'text-base-content' : undefined}>
            <tr>
              {headings.map((heading, index) =>
                heading === false ? null : typeof heading === 'string' ? (
                  <th key={index} scope="col">
                    {heading}
                  </th>
                ) : (
                  <th key={index} scope="col" className={heading.className}>
                    <span className="sr-only">{heading.hidden}</span>
                  </th>
                ),
              )}
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={keyOf(item)}>{cells(item)}</tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={caption}>
        {items.map((item) => (
          <li key={keyOf(item)} className={cardClassName}>
            {card(item)}
          </li>
        ))}
      </ul>
    </>
  );
}
