import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/authContext';
import { ConfirmDialog } from './ConfirmDialog';
import { userInitial, userLabel } from './userLabel';
import './UserMenu.css';

/** Menu button with the user's name; Settings, Admin (admins only) and Log out (with a confirmation). */
export function UserMenu() {
  const { currentUser, isAdmin, logout } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const label = userLabel(currentUser);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const list = items();
    if (list.length) list[(index + list.length) % list.length]!.focus();
  };

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    } else if (event.key === 'Escape' && open) {
      close(true);
    }
  };

  const confirmLogout = () => {
    setConfirming(false);
    navigate('/');
    void logout();
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {userInitial(label)}
        </span>
        <span className="user-menu__label">{label}</span>
        <svg className="user-menu__chevron" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      {open && (
        <div
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-label={label}
          className="user-menu__list"
          onKeyDown={onMenuKeyDown}
        >
          <Link
            role="menuitem"
            tabIndex={-1}
            to="/settings"
            className="user-menu__item"
            onClick={() => close(false)}
          >
            Settings
          </Link>
          {isAdmin && (
            <Link
              role="menuitem"
              tabIndex={-1}
              to="/admin"
              className="user-menu__item"
              onClick={() => close(false)}
            >
              Admin
            </Link>
          )}
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            className="user-menu__item"
            onClick={() => {
              close(true);
              setConfirming(true);
            }}
          >
            Log out
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Logout"
        message="Are you sure you want to logout?"
        confirmLabel="Logout"
        onConfirm={confirmLogout}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
