import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ComponentType, ReactNode, RefObject } from 'react';

/** The look of a dropdown's trigger, shared by the stand-in and the real trigger. */
export type MenuTrigger = { className: string; label?: string; children: ReactNode };

/** What the shopper did to the stand-in before the menu's code arrived. */
type PendingOpen = { type: 'pointerdown' } | { type: 'keydown'; key: string } | null;
type HandOver = { focused: boolean; pending: PendingOpen };

/** The props every deferred dropdown gets besides its own. */
export type DeferredMenuProps = {
  trigger: MenuTrigger;
  /** Read once, when the real trigger replaces the stand-in. */
  handOver: RefObject<HandOver>;
};

const OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

type DeferredMenuOptions<P> = {
  /** Loads the real dropdown (Radix), which renders its trigger from `trigger`. */
  load: () => Promise<ComponentType<P & DeferredMenuProps>>;
  trigger: MenuTrigger;
  props: P;
};

/**
 * A header dropdown whose code (Radix DropdownMenu with Floating UI, about 20 kB gzipped) loads
 * when the shopper heads for it (pointer over, focus, touch), not with the first page. Until then
 * a button of the same look and ARIA stands in for the trigger; a press made on it before the code
 * arrives (pointer, Enter, Space or ArrowDown) is replayed on the real trigger, with the focus.
 * Every press lands on exactly one of the two: the swap is committed between events, never during
 * one (see `start`).
 */
export function DeferredMenu<P extends object>({ load, trigger, props }: DeferredMenuOptions<P>) {
  const [Menu, setMenu] = useState<ComponentType<P & DeferredMenuProps> | null>(null);
  const handOver = useRef<HandOver>({ focused: false, pending: null });
  const loading = useRef(false);

  const start = () => {
    if (loading.current) return;
    loading.current = true;
    load().then(
      // The swap is a transition so that React commits it in a task of its own, between two events,
      // and never while an event is on its way to the stand-in. As an ordinary update it was
      // rendered with whatever urgent update came first: a key press's first listener (the toast
      // region's, at window) makes one, so the stand-in was replaced under the press aimed at it
      // and the press was lost (neither replayed nor seen by the real trigger).
      (loaded) => startTransition(() => setMenu(() => loaded)),
      () => {
        loading.current = false; // offline or a new deploy: the next intent tries again
      },
    );
  };

  if (Menu) return <Menu {...props} trigger={trigger} handOver={handOver} />;
  return (
    <StandIn
      trigger={trigger}
      handOver={handOver}
      onIntent={start}
      onPress={(pending) => {
        handOver.current.pending = pending;
        start();
      }}
    />
  );
}

type StandInProps = {
  trigger: MenuTrigger;
  handOver: RefObject<HandOver>;
  onIntent: () => void;
  onPress: (pending: PendingOpen) => void;
};

function StandIn({ trigger, handOver, onIntent, onPress }: StandInProps) {
  const button = useRef<HTMLButtonElement>(null);
  // Runs as the stand-in leaves, in the same commit as the real trigger arrives (before the
  // button is removed): no key or click can come in between.
  useLayoutEffect(() => {
    const node = button.current;
    const handOverNow = handOver.current;
    return () => {
      handOverNow.focused = node !== null && document.activeElement === node;
    };
  }, [handOver]);

  return (
    <button
      ref={button}
      type="button"
      aria-haspopup="menu"
      aria-expanded="false"
      aria-label={trigger.label}
      data-state="closed"
      className={trigger.className}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onTouchStart={onIntent}
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) onPress({ type: 'pointerdown' });
      }}
      onKeyDown={(event) => {
        if (!OPEN_KEYS.includes(event.key)) return;
        event.preventDefault();
        onPress({ type: 'keydown', key: event.key });
      }}
    >
      {trigger.children}
    </button>
  );
}

/**
 * For the real dropdown: the ref of its trigger, which takes the stand-in's focus at once and
 * replays the press made on it once Radix listens (a child's effects run before its parent's).
 */
export function useHandOver(handOver: RefObject<HandOver>) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const pending = useRef<PendingOpen>(null);

  useLayoutEffect(() => {
    const state = handOver.current;
    const { focused } = state;
    pending.current = state.pending;
    state.focused = false;
    state.pending = null;
    if (focused || pending.current) triggerRef.current?.focus();
  }, [handOver]);

  useEffect(() => {
    const trigger = triggerRef.current;
    const press = pending.current;
    pending.current = null;
    if (!trigger || !press) return;
    if (press.type === 'keydown') {
      trigger.dispatchEvent(
        new KeyboardEvent('keydown', { key: press.key, bubbles: true, cancelable: true }),
      );
    } else {
      const PointerEventClass = window.PointerEvent ?? MouseEvent;
      trigger.dispatchEvent(
        new PointerEventClass('pointerdown', { bubbles: true, cancelable: true, button: 0 }),
      );
    }
  }, []);

  return triggerRef;
}
