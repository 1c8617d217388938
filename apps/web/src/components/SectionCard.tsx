import { useId, type ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  /** A red border: for actions that cannot be undone. */
  danger?: boolean;
  children: ReactNode;
}

/** One titled section of a settings-like screen (Profile, a user's administration, Settings). */
export function SectionCard({ title, description, danger, children }: SectionCardProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={`card border bg-base-100 shadow-sm ${danger ? 'border-error' : 'border-base-300'}`}
    >
      <div className="card-body gap-4">
        <div>
          <h2 id={titleId} className="card-title">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-base-content/80">{description}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
