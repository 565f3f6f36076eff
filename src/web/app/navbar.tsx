import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { LogOut, Menu, Users, X } from 'lucide-react';
import { NotificationBell, NotificationBellLink } from '../features/notifications';
import { useAuth } from '../lib/auth';
import { cn } from '../lib/cn';

// The theme menu (and its popper) comes just after the first paint; until then, an empty square of its size.
const ThemeMenu = lazy(() => import('./theme-toggle').then((m) => ({ default: m.ThemeToggle })));
const iconSlot = <span aria-hidden className="inline-block h-10 w-10" />;
function ThemeToggle() {
  return (
    <Suspense fallback={iconSlot}>
      <ThemeMenu />
    </Suspense>
  );
}
import { Avatar } from '../components/ui/avatar';
import { Button, ButtonLink } from '../components/ui/button';

const LINKS = [
  { to: '/profiles', label: 'Profiles' },
  { to: '/teams', label: 'Teams' },
  { to: '/hackathons', label: 'Hackathons' },
  { to: '/hackathon', label: '$1M Hackathon' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-link bg-brand-50' : 'text-slate-600 hover:text-slate-900 hover:bg-slate-100',
  );

/** The pages every visitor can reach: a row on wide screens, a column in the phone menu. */
function NavLinks({ className }: { className: string }) {
  return (
    <div className={className}>
      {LINKS.map((l) => (
        <NavLink key={l.to} to={l.to} className={linkClass}>
          {l.label}
        </NavLink>
      ))}
    </div>
  );
}

export function Navbar() {
  const { user, profile, loading, signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  // Close the mobile menu whenever the page changes.
  useEffect(() => setOpen(false), [location.pathname]);

  const logout = async () => {
    // Leave first, so a guarded page does not bounce to /login as the session ends.
    await navigate('/');
    await signOut();
  };

  return (
    <header
      className="sticky top-0 z-30 border-b border-slate-200 bg-surface/90 backdrop-blur"
      onKeyDown={(e) => {
        // Escape closes the mobile menu and leaves the keyboard on its button.
        if (open && e.key === 'Escape') {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="flex shrink-0 items-center gap-2 whitespace-nowrap font-bold text-slate-900" aria-label="HackTeams home">
          <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white">
            <Users className="h-4 w-4" aria-hidden />
          </span>
          <span className="text-lg">HackTeams</span>
        </Link>

        <NavLinks className="hidden items-center gap-1 md:flex" />

        <div className="hidden items-center gap-2 md:flex">
          <ThemeToggle />
          {loading ? null : user ? (
            <>
              <Suspense fallback={iconSlot}>
                <NotificationBell />
              </Suspense>
              <Link
                to="/profile"
                className="flex items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                {profile && <Avatar person={profile} size={32} />}
                {/* Between tablet and laptop widths the row has room for the avatar only. */}
                <span className="hidden max-w-40 truncate lg:inline">{profile?.name ?? user.email}</span>
              </Link>
              <Button variant="ghost" size="sm" onClick={logout}>
                <LogOut className="h-4 w-4" aria-hidden /> Logout
              </Button>
            </>
          ) : (
            <>
              <ButtonLink to="/login" variant="ghost" size="sm">
                Login
              </ButtonLink>
              <ButtonLink to="/signup" size="sm">
                Sign Up
              </ButtonLink>
            </>
          )}
        </div>

        <div className="flex items-center gap-1 md:hidden">
          <ThemeToggle />
          {user && (
            <Suspense fallback={iconSlot}>
              <NotificationBellLink />
            </Suspense>
          )}
          <button
            ref={toggle}
            type="button"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
          </button>
        </div>
      </nav>

      {open && (
        // A link closes the menu even when it leads to the page already shown.
        <div
          id="mobile-menu"
          className="border-t border-slate-200 bg-surface px-4 pb-4 pt-2 md:hidden"
          onClick={(e) => {
            const link = (e.target as HTMLElement).closest('a');
            if (!link) return;
            setOpen(false);
            // No page change follows: keep the keyboard on the menu button, not on a removed link.
            if (link.pathname === location.pathname) toggle.current?.focus();
          }}
        >
          <NavLinks className="flex flex-col gap-1" />
          <div className="mt-3 border-t border-slate-200 pt-3">
            {user ? (
              <div className="flex flex-col gap-2">
                <div className="flex items-center gap-3 px-3">
                  {profile && <Avatar person={profile} size={36} />}
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-slate-900">{profile?.name}</p>
                    <p className="truncate text-xs text-slate-500">{user.email}</p>
                  </div>
                </div>
                <NavLink to="/profile" className={linkClass}>
                  Your Profile
                </NavLink>
                <Button variant="outline" onClick={logout}>
                  <LogOut className="h-4 w-4" aria-hidden /> Logout
                </Button>
              </div>
            ) : (
              <div className="grid grid-cols-2 gap-2">
                <ButtonLink to="/login" variant="outline">
                  Login
                </ButtonLink>
                <ButtonLink to="/signup">Sign Up</ButtonLink>
              </div>
            )}
          </div>
        </div>
      )}
    </header>
  );
}
