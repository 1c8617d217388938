import { useEffect, useRef, type KeyboardEvent } from 'react';
import { NavLink } from 'react-router';
import type { User } from '@cloudstash/contract';
import { useTrashDays } from '../../api/upload-config';
import { useLogout } from '../../features/auth/api/logout';
import { Avatar } from '../../components/Avatar';

/**
 * Trash shows only while the instance keeps deleted items (TRASH_RETENTION_DAYS above 0), after My Files; what
 * others shared comes next, beside the caller's own files.
 */
const dashboardLinks = (trashOn: boolean): { to: string; label: string; end?: boolean }[] => [
  { to: '/dashboard', label: 'Profile', end: true },
  { to: '/dashboard/my-files', label: 'My Files' },
  ...(trashOn ? [{ to: '/dashboard/trash', label: 'Trash' }] : []),
  { to: '/dashboard/shared-with-me', label: 'Shared with me' },
  { to: '/dashboard/upload-file', label: 'Upload File' },
  { to: '/dashboard/public-files', label: 'Public Files' },
  { to: '/dashboard/links', label: 'Shared Links' },
];
const ADMIN_LINKS = [
  { to: '/dashboard/admin/users', label: 'Manage Users' },
  { to: '/dashboard/admin/groups', label: 'Groups' },
  { to: '/dashboard/admin/files', label: 'Manage Files' },
  { to: '/dashboard/admin/stats', label: 'Storage Statistics' },
  { to: '/dashboard/admin/links', label: 'All Share Links' },
  { to: '/dashboard/admin/settings', label: 'Instance Settings' },
];

/** How many frames to wait at most for the sliding drawer to become focusable. */
const MAX_FOCUS_FRAMES = 60;

interface NavMenuProps {
  id: string;
  user: User;
  open: boolean;
  /** A link or Logout was chosen: the drawer closes, and the next screen decides where focus goes. */
  onFollow: () => void;
}

/** The drawer's contents; the Admin section exists only for admins. */
export function NavMenu({ id, user, open, onFollow }: NavMenuProps) {
  const logout = useLogout();
  const trashOn = useTrashDays() !== undefined;
  const firstLink = useRef<HTMLAnchorElement>(null);

  // Opening the drawer moves focus into it so keyboard users land on the menu. The drawer is still hidden
  // for a moment when it opens, and a hidden link cannot take focus: try again each frame until it does.
  useEffect(() => {
    if (!open) return;
    let frame = 0;
    let request = 0;
    const focusFirst = () => {
      const link = firstLink.current;
      link?.focus();
      if (link && document.activeElement !== link && frame++ < MAX_FOCUS_FRAMES) {
        request = requestAnimationFrame(focusFirst);
      }
    };
    focusFirst();
    return () => cancelAnimationFrame(request);
  }, [open]);

  // A modal keeps Tab inside: past the last control it comes back to the first, and Shift+Tab the other way.
  // The desktop sidebar is part of the page until the menu button opens it as a modal: Tab then leaves freely.
  const wrapTab = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Tab' || !open) return;
    const controls = [
      ...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'),
    ];
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    } else if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    }
  };

  const onLogout = () => {
    onFollow();
    logout.mutate();
  };

  return (
    <nav
      id={id}
      onKeyDown={wrapTab}
      aria-label="Dashboard navigation"
      className="flex min-h-full w-72 max-w-[85vw] flex-col gap-2 bg-base-200 p-4"
    >
      <div className="mb-2 flex items-center gap-3 px-2">
        <Avatar name={user.name} />
        <div className="min-w-0">
          <p className="truncate font-semibold">{user.name}</p>
          <p className="truncate text-xs text-base-content/70">{user.email}</p>
        </div>
      </div>
      <ul className="menu w-full p-0">
        <li className="menu-title text-base-content/80">Dashboard</li>
        {dashboardLinks(trashOn).map((link, index) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} ref={index === 0 ? firstLink : undefined} onClick={onFollow}>
              {link.label}
            </NavLink>
          </li>
        ))}
        {user.role === 'admin' && (
          <>
            <li className="menu-title mt-2 text-base-content/80">Admin</li>
            {ADMIN_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} onClick={onFollow}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </>
        )}
        <li className="menu-title mt-2 text-base-content/80">Settings</li>
        <li>
          <NavLink to="/dashboard/theme" onClick={onFollow}>
            Change Theme
          </NavLink>
        </li>
        <li>
          <button type="button" onClick={onLogout} disabled={logout.isPending}>
            Logout
          </button>
        </li>
      </ul>
    </nav>
  );
}
