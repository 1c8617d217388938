import { Navigate, Outlet } from 'react-router';
import { LoadingState } from '../components/States';
import { useCurrentUser } from '../api/session';

/** The whole-page spinner of a first load, before any layout exists. */
export function PageLoading() {
  return (
    <main className="px-4 py-16">
      <LoadingState />
    </main>
  );
}

/** While the session is unknown only a loading indicator shows, never the wrong screen. */
function SessionLoading() {
  return (
    <div className="px-4 py-16">
      <LoadingState label="Checking your session" />
    </div>
  );
}

/** /dashboard and below: signed-out visitors go to /login. */
export function RequireAuth() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <SessionLoading />;
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** /login and /register: a signed-in user goes to /dashboard. */
export function GuestOnly() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <SessionLoading />;
  if (user) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** Admin routes: everyone else goes to /dashboard (signed-out visitors were already sent to /login). */
export function RequireAdmin() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <SessionLoading />;
  if (!user) return <Navigate to="/login" replace />;
  if (user.role !== 'admin') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
