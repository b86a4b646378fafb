import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAV_MENUS } from '../nav-menus';
import { DeferredMenu } from './deferred-menu';
import type { DeferredMenuProps } from './deferred-menu';
import { CategoryDropdown } from './header-dropdowns';

type Dropdown = ComponentType<{ menu: (typeof NAV_MENUS)[number] } & DeferredMenuProps>;

const accessories = NAV_MENUS.find((menu) => menu.label === 'Accessories')!;

/** The menu's code, arriving when the test says so. */
function menuCode() {
  let arrive: (dropdown: Dropdown) => void = () => {};
  const loaded = new Promise<Dropdown>((resolve) => {
    arrive = resolve;
  });
  return { load: () => loaded, arrive: () => arrive(CategoryDropdown) };
}

/**
 * Renders an update of its own at once on the first key press, in the capture phase at window,
 * before the press reaches its target: what the page's first-interaction listeners do (the toast
 * region mounts on the first key press). In the browser a microtask checkpoint follows each
 * listener, so React renders that update there, with any other update of ordinary priority that is
 * waiting; flushSync does the same in jsdom.
 */
function SyncUpdateOnFirstKeyDown() {
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    const onKeyDown = () => flushSync(() => setPressed(true));
    window.addEventListener('keydown', onKeyDown, { capture: true, once: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);
  return <output hidden>{String(pressed)}</output>;
}

function renderMenu(load: () => Promise<Dropdown>) {
  render(
    <MemoryRouter>
      <SyncUpdateOnFirstKeyDown />
      <nav>
        <DeferredMenu
          load={load}
          props={{ menu: accessories }}
          trigger={{ className: '', children: 'Accessories' }}
        />
      </nav>
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: 'Accessories' });
}

// The first render of Radix in jsdom takes most of a second on a busy machine.
const slow = { timeout: 5000 };

async function expectMenuOpenOnTotes() {
  const menu = await screen.findByRole('menu', {}, slow);
  await waitFor(
    () => expect(within(menu).getByRole('menuitem', { name: 'Totes' })).toHaveFocus(),
    slow,
  );
  expect(screen.getByRole('button', { name: 'Accessories' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
}

/** Lets the code's arrival reach DeferredMenu (a promise callback), and nothing scheduled after. */
const microtasks = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

// React's scheduling as in the browser (no act queue): the race lives in what React renders when.
let actEnvironment: unknown;
beforeAll(() => {
  actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
});
afterAll(() => {
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
});

describe('DeferredMenu', () => {
  it('opens on an Enter pressed while the menu code is still loading', async () => {
    const code = menuCode();
    const standIn = renderMenu(code.load);
    standIn.focus();
    fireEvent.keyDown(standIn, { key: 'Enter' });
    code.arrive();
    await expectMenuOpenOnTotes();
  });

  it('opens on an Enter pressed after the code arrived but before the real menu is shown', async () => {
    const code = menuCode();
    const standIn = renderMenu(code.load);
    standIn.focus();
    code.arrive();
    await microtasks();
    // The real menu is on its way: the press must neither be lost with the stand-in it was aimed
    // at, whatever React renders before the press reaches it, nor be answered twice.
    expect(screen.queryByRole('button', { name: 'Accessories' })).toBe(standIn);
    fireEvent.keyDown(standIn, { key: 'Enter' });
    await expectMenuOpenOnTotes();
  });

  it('hands the focus to the real trigger when the code arrives', async () => {
    const code = menuCode();
    const standIn = renderMenu(code.load);
    standIn.focus();
    code.arrive();
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Accessories' })).not.toBe(standIn),
      slow,
    );
    expect(screen.getByRole('button', { name: 'Accessories' })).toHaveFocus();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
