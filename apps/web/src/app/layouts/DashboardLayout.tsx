import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '../../components/States';

/** The frame of every signed-in screen; each screen's code loads on first visit behind this spinner. */
export function DashboardLayout() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
