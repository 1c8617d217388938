import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '../../components/States';
import { UploadQueueProvider } from '../../features/upload/queue/upload-queue-context';
import { UploadPanel } from '../../features/upload/components/UploadPanel';

/**
 * The frame of every signed-in screen; each screen's code loads on first visit behind this spinner. The upload
 * queue and its panel live here, not on one screen, so uploads keep going while the person moves around.
 */
export function DashboardLayout() {
  return (
    <UploadQueueProvider>
      <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </div>
      <UploadPanel />
    </UploadQueueProvider>
  );
}
