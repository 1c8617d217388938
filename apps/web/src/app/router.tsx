import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import LandingPage from '../features/landing/LandingPage';
import { RootLayout } from './layouts/RootLayout';
import { DashboardLayout } from './layouts/DashboardLayout';
import { GuestOnly, RequireAdmin, RequireAuth } from './guards';

// Every screen but the landing page is its own chunk, so a first-time visitor downloads only the landing page.
const LoginPage = lazy(() => import('../features/auth/components/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/components/RegisterPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const MyFilesPage = lazy(() => import('../features/my-files/components/MyFilesPage'));
const PublicFilesPage = lazy(() => import('../features/public-files/components/PublicFilesPage'));
const UploadPage = lazy(() => import('../features/upload/components/UploadPage'));
const FilePreviewPage = lazy(() => import('../features/file-preview/components/FilePreviewPage'));
const ThemePage = lazy(() => import('../features/theme/ThemePage'));
const AdminUsersPage = lazy(() => import('../features/admin-users/components/AdminUsersPage'));
const AdminUserDetailPage = lazy(() => import('../features/admin-users/components/AdminUserDetailPage'));
const AdminFilesPage = lazy(() => import('../features/admin-files/components/AdminFilesPage'));
const StorageStatsPage = lazy(() => import('../features/admin-stats/components/StorageStatsPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));

/** The spec's route table (section 2). */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
        ],
      },
      {
        path: 'dashboard',
        element: <RequireAuth />,
        children: [
          {
            element: <DashboardLayout />,
            children: [
              { index: true, element: <ProfilePage /> },
              { path: 'my-files', element: <MyFilesPage /> },
              { path: 'public-files', element: <PublicFilesPage /> },
              { path: 'profile', element: <PublicFilesPage /> },
              { path: 'upload-file', element: <UploadPage /> },
              { path: 'file/:fileId', element: <FilePreviewPage /> },
              { path: 'theme', element: <ThemePage /> },
              {
                path: 'admin',
                element: <RequireAdmin />,
                children: [
                  { path: 'users', element: <AdminUsersPage /> },
                  { path: 'users/:userId', element: <AdminUserDetailPage /> },
                  { path: 'files', element: <AdminFilesPage /> },
                  { path: 'stats', element: <StorageStatsPage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
