import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { SessionUser } from '../../shared/profile-schemas';
import { unsentWrites } from '../features/journal/sync/unsent-writes';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { paths } from '../lib/paths';
import { useAuth } from '../lib/session/auth-context';

// The question about waiting changes comes with the journal's outbox: whenever a change waits, the outbox holds it,
// so this code is here already. With nothing waiting, Sign Out needs none of it, and never waits for a download.
const SignOutDialog = lazyWithPreload(() =>
  import('../features/journal/sync/components/OutboxSync').then((module) => module.SignOutDialog),
);

type FocusTarget = 'first' | 'last';

function menuItemsIn(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

const MENU_LINKS = [
  { label: 'Account Settings', to: paths.settings },
  { label: 'About & FAQ', to: paths.about },
  { label: 'Contact Support', to: paths.contact },
] as const;

/**
 * The signed-in user's menu (WAI-ARIA menu button): arrows, Home and End move between items, Tab moves on,
 * Escape closes and returns focus to the button, and a click or focus elsewhere closes it.
 */
export function AccountMenu({ user }: { user: SessionUser }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>('first');
  const [signingOut, setSigningOut] = useState(false);
  const [refocusRequest, setRefocusRequest] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const name = user.displayName.trim() || user.email;
  const initial = name.charAt(0).toUpperCase();

  useEffect(() => {
    if (!open) return;
    const items = menuItemsIn(menuRef.current);
    (focusTarget === 'first' ? items[0] : items[items.length - 1])?.focus();
  }, [open, focusTarget]);

  // Runs once the dialog has left the page, which until then keeps the button out of reach (inert).
  useEffect(() => {
    if (refocusRequest > 0) buttonRef.current?.focus();
  }, [refocusRequest]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  function openMenu(target: FocusTarget) {
    setFocusTarget(target);
    setOpen(true);
  }

  function closeMenu({ returnFocus }: { returnFocus: boolean }) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function handleButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    closeMenu({ returnFocus: true });
  }

  function handleMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const items = menuItemsIn(menuRef.current);
    const index = items.findIndex((item) => item === document.activeElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(items.length - 1);
        break;
      case 'Tab':
        // The items are reached with the arrow keys, not Tab (they are out of the tab order): Tab leaves the menu,
        // on to the next control, and closes it.
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  }

  async function signOutNow() {
    await signOut();
    navigate(paths.home, { replace: true });
  }

  function handleSignOut() {
    setOpen(false);
    if (unsentWrites.count() === 0) {
      void signOutNow();
      return;
    }
    // The dialog asks first, and signs out by itself once nothing waits any more.
    setSigningOut(true);
  }

  function cancelSignOut() {
    setSigningOut(false);
    setRefocusRequest((n) => n + 1);
  }

  return (
    <div
      ref={containerRef}
      className="account-menu"
      onKeyDown={handleKeyDown}
      onBlur={(event) => {
        // Focus moving to another element outside (Tab, for one) closes the menu; outside clicks are
        // handled by the pointer listener, since some browsers do not focus buttons on click.
        const next = event.relatedTarget;
        if (open && next instanceof Node && !containerRef.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="account-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? closeMenu({ returnFocus: false }) : openMenu('first'))}
        onKeyDown={handleButtonKeyDown}
      >
        <span className="avatar" aria-hidden="true">
          {initial}
        </span>
        <span className="account-identity">
          <span className="account-name">{name}</span>
          <span className="account-email">{user.email}</span>
        </span>
        <svg className="chevron" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <div className="menu-popover" tabIndex={-1}>
          <div className="menu-identity">
            <span className="menu-identity-name">{name}</span>
            <span className="menu-identity-email">{user.email}</span>
          </div>
          <ul id={menuId} ref={menuRef} role="menu" aria-label="Account" className="menu" onKeyDown={handleMenuKeyDown}>
            {MENU_LINKS.map((item) => (
              <li key={item.label} role="none">
                <Link role="menuitem" tabIndex={-1} to={item.to} className="menu-item" onClick={() => setOpen(false)}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li role="separator" className="menu-separator" />
            <li role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="menu-item"
                onClick={handleSignOut}
              >
                Sign Out
              </button>
            </li>
          </ul>
        </div>
      )}
      {signingOut && (
        <Suspense fallback={null}>
          <SignOutDialog.Component onCancel={cancelSignOut} onSignOut={signOutNow} />
        </Suspense>
      )}
    </div>
  );
}
