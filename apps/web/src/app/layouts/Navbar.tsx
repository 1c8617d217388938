import type { RefObject } from 'react';
import { Link } from 'react-router';
import type { User } from '@cloudstash/contract';
import { useCurrentUser } from '../../api/session';
import { Avatar } from '../../components/Avatar';

interface NavbarProps {
  user: User | null;
  drawerOpen: boolean;
  /** The drawer's navigation, which the menu button opens. */
  drawerId: string;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  onOpenMenu: () => void;
}

export function Navbar({ user, drawerOpen, drawerId, menuButtonRef, onOpenMenu }: NavbarProps) {
  const { isPending } = useCurrentUser();
  return (
    <header className="navbar sticky top-0 z-30 border-b border-base-300 bg-base-100/95 px-3 backdrop-blur sm:px-6">
      <div className="min-w-0 flex-1">
        <Link to={user ? '/dashboard' : '/'} className="btn btn-ghost gap-2 px-2 text-xl font-bold">
          <Logo />
          {/* Below 380 px the name would run under the menu button: the logo stands for it, the name is still read. */}
          <span className="max-[380px]:sr-only">CloudStash</span>
        </Link>
      </div>
      <nav aria-label="Account" className="flex min-w-0 flex-none items-center gap-2">
        {isPending ? (
          <span className="loading loading-dots loading-md" role="status" aria-label="Loading session" />
        ) : user ? (
          <button
            ref={menuButtonRef}
            type="button"
            className="btn btn-ghost min-w-0 max-w-44 flex-nowrap px-2 sm:max-w-none sm:px-4"
            onClick={onOpenMenu}
            aria-expanded={drawerOpen}
            aria-controls={drawerId}
          >
            <MenuIcon />
            <Avatar name={user.name} size="sm" />
            <span className="min-w-0 truncate">Welcome, {user.name}</span>
            {/* The greeting alone does not say that it opens the navigation: its name does. */}
            <span className="sr-only">(menu)</span>
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

/** Three lines, the sign people look for when they look for a menu. */
function MenuIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5 shrink-0 lg:hidden"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}

function Logo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7 text-primary" fill="currentColor">
      <path d="M7 19h10.5a4.5 4.5 0 0 0 .7-8.95A6 6 0 0 0 6.6 9.1 5 5 0 0 0 7 19z" />
    </svg>
  );
}
