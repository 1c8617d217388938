import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import LandingPage from '../features/landing/LandingPage';
import { RootLayout } from './layouts/RootLayout';
import { DashboardLayout } from './layouts/DashboardLayout';
import { GuestOnly, PageLoading, RequireAdmin, RequireAuth } from './guards';

// Every screen but the landing page is its own chunk, so a first-time visitor downloads only the landing page.
// Route-level lazy (not React.lazy): the router fetches a screen's chunk before it commits the navigation,
// so the address bar and the screen change together and never show a new URL over the old screen.
const screen = (module: { default: ComponentType }) => ({ Component: module.default });
const loadLoginPage = () => import('../features/auth/components/LoginPage').then(screen);
const loadRegisterPage = () => import('../features/auth/components/RegisterPage').then(screen);
const loadResetPasswordPage = () => import('../features/auth/components/ResetPasswordPage').then(screen);
const loadProfilePage = () => import('../features/profile/ProfilePage').then(screen);
const loadMyFilesPage = () => import('../features/my-files/components/MyFilesPage').then(screen);
const loadPublicFilesPage = () => import('../features/public-files/components/PublicFilesPage').then(screen);
const loadUploadPage = () => import('../features/upload/components/UploadPage').then(screen);
const loadFilePreviewPage = () => import('./screens/FilePreviewScreen').then(screen);
const loadThemePage = () => import('../features/theme/ThemePage').then(screen);
const loadAdminUsersPage = () => import('../features/admin-users/components/AdminUsersPage').then(screen);
const loadAdminUserDetailPage = () =>
  import('../features/admin-users/components/AdminUserDetailPage').then(screen);
const loadAdminFilesPage = () => import('../features/admin-files/components/AdminFilesPage').then(screen);
const loadStorageStatsPage = () => import('../features/admin-stats/components/StorageStatsPage').then(screen);
const loadAdminSettingsPage = () =>
  import('../features/admin-settings/components/AdminSettingsPage').then(screen);
const loadSharedLinksPage = () => import('../features/links/components/SharedLinksPage').then(screen);
const loadAdminLinksPage = () => import('../features/links/components/AdminLinksPage').then(screen);
const loadSharedVisitPage = () => import('../features/shared-visit/components/SharedVisitPage').then(screen);
const loadNotFoundPage = () => import('./NotFoundPage').then(screen);

/** Every route of the app, public and signed-in. */
export const router = createBrowserRouter([
  // A share link's visitor has no account: their page has its own frame and never loads the signed-in one.
  { path: 's/:token', lazy: loadSharedVisitPage, hydrateFallbackElement: <PageLoading /> },
  {
    element: <RootLayout />,
    // Shown on a first visit to a lazy screen while its chunk loads.
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, element: <LandingPage /> },
      // Not guest-only: an administrator trying a link they made must see it, not be sent to the dashboard.
      { path: 'reset/:token', lazy: loadResetPasswordPage },
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', lazy: loadLoginPage },
          { path: 'register', lazy: loadRegisterPage },
        ],
      },
      {
        path: 'dashboard',
        element: <RequireAuth />,
        children: [
          {
            element: <DashboardLayout />,
            children: [
              { index: true, lazy: loadProfilePage },
              { path: 'my-files', lazy: loadMyFilesPage },
              { path: 'public-files', lazy: loadPublicFilesPage },
              { path: 'profile', lazy: loadPublicFilesPage },
              { path: 'upload-file', lazy: loadUploadPage },
              { path: 'file/:fileId', lazy: loadFilePreviewPage },
              { path: 'theme', lazy: loadThemePage },
              { path: 'links', lazy: loadSharedLinksPage },
              {
                path: 'admin',
                element: <RequireAdmin />,
                children: [
                  { path: 'users', lazy: loadAdminUsersPage },
                  { path: 'users/:userId', lazy: loadAdminUserDetailPage },
                  { path: 'files', lazy: loadAdminFilesPage },
                  { path: 'stats', lazy: loadStorageStatsPage },
                  { path: 'links', lazy: loadAdminLinksPage },
                  { path: 'settings', lazy: loadAdminSettingsPage },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: loadNotFoundPage },
    ],
  },
]);
