import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter } from 'react-router';
import LandingPage from '../features/landing/LandingPage';
import { RootLayout } from './layouts/RootLayout';
import { GuestOnly, PageLoading, RequireAdmin, RequireAuth } from './guards';
import { AppErrorScreen } from './AppErrorScreen';
import type { RouteHandle } from '../lib/route-announce';
import type { FolderLinkDialog } from '../features/my-files/components/folder-link-dialogs';

// Every screen but the landing page is its own chunk, so a first-time visitor downloads only the landing page.
// Route-level lazy (not React.lazy): the router fetches a screen's chunk before it commits the navigation,
// so the address bar and the screen change together and never show a new URL over the old screen.
const screen = (module: { default: ComponentType }) => ({ Component: module.default });
// The signed-in frame holds the upload queue and its panel (the resumable upload client with them): a first
// visit to the landing page does not need them.
const loadDashboardLayout = () =>
  import('./layouts/DashboardLayout').then((module) => ({ Component: module.DashboardLayout }));
const loadLoginPage = () => import('../features/auth/components/LoginPage').then(screen);
const loadRegisterPage = () => import('../features/auth/components/RegisterPage').then(screen);
const loadResetPasswordPage = () => import('../features/auth/components/ResetPasswordPage').then(screen);
const loadForgotPasswordPage = () => import('../features/auth/components/ForgotPasswordPage').then(screen);
const loadProfilePage = () => import('../features/profile/ProfilePage').then(screen);
/**
 * My Files with the folder dialogs other features add: share links and upload links. Features never import each
 * other, so they are put together here; each keeps its own chunk (My Files' is still MyFilesPage-*.js).
 */
const loadMyFilesPage = async () => {
  const [page, links, uploadLinks] = await Promise.all([
    import('../features/my-files/components/MyFilesPage'),
    import('../features/links/components/FolderLinksDialog'),
    import('../features/upload-request/components/UploadLinksDialog'),
  ]);
  const linkDialogs: FolderLinkDialog[] = [
    { label: 'Public link…', Dialog: links.FolderLinksDialog },
    {
      label: 'Upload link…',
      Dialog: uploadLinks.UploadLinksDialog,
      Activity: uploadLinks.UploadLinksActivity,
    },
  ];
  return { Component: () => <page.default linkDialogs={linkDialogs} /> };
};
const loadTrashPage = () => import('../features/trash/components/TrashPage').then(screen);
const loadSharedWithMePage = () =>
  import('../features/shared-with-me/components/SharedWithMePage').then(screen);
// A shared folder is walked by My Files' own folder screen, with what the caller's access allows.
const loadSharedFolderPage = () => import('../features/my-files/components/SharedFolderPage').then(screen);
const loadPublicFilesPage = () => import('../features/public-files/components/PublicFilesPage').then(screen);
const loadUploadPage = () => import('../features/upload/components/UploadPage').then(screen);
const loadFilePreviewPage = () => import('./screens/FilePreviewScreen').then(screen);
const loadThemePage = () => import('../features/theme/ThemePage').then(screen);
const loadAdminUsersPage = () => import('../features/admin-users/components/AdminUsersPage').then(screen);
const loadAdminUserDetailPage = () =>
  import('../features/admin-users/components/AdminUserDetailPage').then(screen);
const loadAdminFilesPage = () => import('../features/admin-files/components/AdminFilesPage').then(screen);
const loadAdminGroupsPage = () => import('../features/admin-groups/components/AdminGroupsPage').then(screen);
const loadStorageStatsPage = () => import('../features/admin-stats/components/StorageStatsPage').then(screen);
const loadAdminSettingsPage = () =>
  import('../features/admin-settings/components/AdminSettingsPage').then(screen);
const loadSharedLinksPage = () => import('../features/links/components/SharedLinksPage').then(screen);
const loadAdminLinksPage = () => import('../features/links/components/AdminLinksPage').then(screen);
const loadSharedVisitPage = () => import('../features/shared-visit/components/SharedVisitPage').then(screen);
const loadUploadRequestPage = () =>
  import('../features/upload-request/components/UploadRequestPage').then(screen);
const loadNotFoundPage = () => import('./NotFoundPage').then(screen);
/** The screen's name in the document title ('My Files · CloudStash'). */
const titled = (title: string): RouteHandle => ({ title });

/** Every route of the app, public and signed-in. */
export const router = createBrowserRouter([
  // A share link's visitor has no account: their page has its own frame and never loads the signed-in one.
  {
    path: 's/:token',
    lazy: loadSharedVisitPage,
    handle: titled('Shared File'),
    hydrateFallbackElement: <PageLoading />,
    errorElement: <AppErrorScreen />,
  },
  // An upload link's visitor has no account either: the same kind of frame, never the signed-in one.
  {
    path: 'r/:token',
    lazy: loadUploadRequestPage,
    handle: titled('Send Files'),
    hydrateFallbackElement: <PageLoading />,
    errorElement: <AppErrorScreen />,
  },
  {
    element: <RootLayout />,
    // A screen that cannot load (its code gone after a redeploy, the connection lost) shows the app's own page.
    errorElement: <AppErrorScreen />,
    // Shown on a first visit to a lazy screen while its chunk loads.
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, element: <LandingPage /> },
      // Not guest-only: an administrator trying a link they made must see it, not be sent to the dashboard.
      { path: 'reset/:token', lazy: loadResetPasswordPage, handle: titled('Reset Password') },
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', lazy: loadLoginPage, handle: titled('Login') },
          { path: 'register', lazy: loadRegisterPage, handle: titled('Register') },
          { path: 'forgot-password', lazy: loadForgotPasswordPage, handle: titled('Forgot Password') },
        ],
      },
      {
        path: 'dashboard',
        element: <RequireAuth />,
        children: [
          {
            lazy: loadDashboardLayout,
            children: [
              { index: true, lazy: loadProfilePage, handle: titled('Profile') },
              { path: 'my-files', lazy: loadMyFilesPage, handle: titled('My Files') },
              { path: 'trash', lazy: loadTrashPage, handle: titled('Trash') },
              { path: 'shared-with-me', lazy: loadSharedWithMePage, handle: titled('Shared with me') },
              {
                path: 'shared-with-me/:folderId',
                lazy: loadSharedFolderPage,
                handle: titled('Shared with me'),
              },
              { path: 'public-files', lazy: loadPublicFilesPage, handle: titled('Public Files') },
              { path: 'profile', lazy: loadPublicFilesPage, handle: titled('Public Files') },
              { path: 'upload-file', lazy: loadUploadPage, handle: titled('Upload File') },
              { path: 'file/:fileId', lazy: loadFilePreviewPage, handle: titled('File Preview') },
              { path: 'theme', lazy: loadThemePage, handle: titled('Change Theme') },
              { path: 'links', lazy: loadSharedLinksPage, handle: titled('Shared Links') },
              {
                path: 'admin',
                element: <RequireAdmin />,
                children: [
                  { path: 'users', lazy: loadAdminUsersPage, handle: titled('User Management') },
                  { path: 'users/:userId', lazy: loadAdminUserDetailPage, handle: titled('User Details') },
                  { path: 'groups', lazy: loadAdminGroupsPage, handle: titled('Groups') },
                  { path: 'files', lazy: loadAdminFilesPage, handle: titled('All Files') },
                  { path: 'stats', lazy: loadStorageStatsPage, handle: titled('Storage Statistics') },
                  { path: 'links', lazy: loadAdminLinksPage, handle: titled('All Share Links') },
                  { path: 'settings', lazy: loadAdminSettingsPage, handle: titled('Instance Settings') },
                ],
              },
            ],
          },
        ],
      },
      // Trash lives with the other signed-in screens; the short address leads there.
      { path: 'trash', element: <Navigate to="/dashboard/trash" replace /> },
      { path: '*', lazy: loadNotFoundPage, handle: titled('Page not found') },
    ],
  },
]);
