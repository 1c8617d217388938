import type { ReactNode } from 'react';

interface StatTileProps {
  label: string;
  /** Undefined while the figure loads: a placeholder of the figure's height keeps the screen from jumping. */
  value: ReactNode | undefined;
  hint?: ReactNode;
  icon?: ReactNode;
}

/** One summary figure (daisyUI "stat"): the label names the figure in the product's fixed words. */
export function StatTile({ label, value, hint, icon }: StatTileProps) {
  return (
    <div className="stat min-w-0 rounded-box border border-base-300 bg-base-100 shadow-sm">
      {icon && (
        <div className="stat-figure text-primary" aria-hidden="true">
          {icon}
        </div>
      )}
      <div className="stat-title whitespace-normal text-base-content/80">{label}</div>
      <div className="stat-value text-2xl break-words sm:text-3xl">
        {value === undefined ? (
          <span className="skeleton inline-block h-[1lh] w-16 align-middle" aria-hidden="true" />
        ) : (
          value
        )}
      </div>
      {hint && <div className="stat-desc whitespace-normal text-base-content/70">{hint}</div>}
    </div>
  );
}

/** Tiles wrap onto as many columns as fit: two on a phone, up to four (or eight) on a desktop. */
export function StatGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <section aria-label={label} className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
      {children}
    </section>
  );
}
