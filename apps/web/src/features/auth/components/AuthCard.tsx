import type { ReactNode } from 'react';

/** The centred card both auth screens share. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center px-4 py-10">
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-xl">
        <div className="card-body gap-4">
          <div className="text-center">
            <h1 className="text-3xl font-bold">{title}</h1>
            <p className="mt-1 text-base-content/90">{subtitle}</p>
          </div>
          {children}
        </div>
      </div>
    </div>
  );
}
