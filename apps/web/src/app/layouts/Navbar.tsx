import { Link } from 'react-router';
import type { User } from '@cloudstash/contract';
import { useCurrentUser } from '../../lib/session';

interface NavbarProps {
  user: User | null;
  drawerOpen: boolean;
  drawerId: string;
  onOpenMenu: () => void;
}

export function Navbar({ user, drawerOpen, drawerId, onOpenMenu }: NavbarProps) {
  const { isPending } = useCurrentUser();
  return (
    <header className="navbar sticky top-0 z-30 border-b border-base-300 bg-base-100/95 px-3 backdrop-blur sm:px-6">
      <div className="flex-1">
        <Link to={user ? '/dashboard' : '/'} className="btn btn-ghost gap-2 px-2 text-xl font-bold">
          <Logo />
          <span>CloudStash</span>
        </Link>
      </div>
      <nav aria-label="Account" className="flex flex-none items-center gap-2">
        {isPending ? (
          <span className="loading loading-dots loading-md" role="status" aria-label="Loading session" />
        ) : user ? (
          <button
            type="button"
            className="btn btn-ghost max-w-56 sm:max-w-none"
            onClick={onOpenMenu}
            aria-haspopup="true"
            aria-expanded={drawerOpen}
            aria-controls={drawerId}
          >
            <span className="avatar avatar-placeholder" aria-hidden="true">
              <span className="w-8 rounded-full bg-primary text-primary-content">{user.name.charAt(0).toUpperCase()}</span>
            </span>
            <span className="truncate">Welcome, {user.name}</span>
          </button>
        ) : (
          <>
            <Link to="/login" className="btn btn-ghost btn-sm sm:btn-md">
              Login
            </Link>
            <Link to="/register" className="btn btn-primary btn-sm sm:btn-md">
              Register
            </Link>
          </>
        )}
      </nav>
    </header>
  );
}

function Logo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7 text-primary" fill="currentColor">
      <path d="M7 19h10.5a4.5 4.5 0 0 0 .7-8.95A6 6 0 0 0 6.6 9.1 5 5 0 0 0 7 19z" />
    </svg>
  );
}
