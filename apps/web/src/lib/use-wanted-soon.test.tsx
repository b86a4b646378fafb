import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWantedSoon } from './use-wanted-soon';

function Slot() {
  const ref = useRef<HTMLDivElement>(null);
  const wanted = useWantedSoon(ref);
  return <div ref={ref}>{wanted ? 'loaded' : 'waiting'}</div>;
}

afterEach(() => vi.unstubAllGlobals());

describe('useWantedSoon', () => {
  it('waits while the page first shows, then answers true on the first key press', () => {
    render(<Slot />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    });
    expect(screen.getByText('loaded')).toBeInTheDocument();
  });

  it('answers true when the element nears the viewport', () => {
    let report: IntersectionObserverCallback = () => {};
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<Slot />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    act(() => {
      report([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
    expect(screen.getByText('loaded')).toBeInTheDocument();
  });
});
