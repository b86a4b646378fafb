import { describe, expect, it } from 'vitest';
import { toastDurationFor, toastPositionFor, toastTopOffset } from './toast';

describe('toast durations', () => {
  it.each([
    ['/products/abc', 3000],
    ['/cart', 3000],
    ['/cart/abc', 3000],
    ['/login', 3000],
    ['/register', 2000],
    ['/profile', 2000],
    ['/reset-password/token', 2000],
    ['/', 5000],
    ['/tshirts', 5000],
    ['/productsale', 5000],
  ])('%s closes after %i ms', (path, ms) => {
    expect(toastDurationFor(path)).toBe(ms);
  });
});

describe('toast positions', () => {
  const control = (top: number, height: number) => {
    const button = document.createElement('button');
    document.body.append(button);
    button.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: 100, height });
    return button;
  };

  it('goes to the top when the control that caused it sits in the lower half', () => {
    expect(toastPositionFor(control(700, 48), 844)).toBe('top-center');
  });

  it('stays at the foot when the control sits in the upper half', () => {
    expect(toastPositionFor(control(120, 48), 844)).toBe('bottom-center');
  });

  it('stays at the foot when nothing was pressed', () => {
    expect(toastPositionFor(null, 844)).toBe('bottom-center');
    expect(toastPositionFor(document.body, 844)).toBe('bottom-center');
    expect(toastPositionFor(document.createElement('button'), 844)).toBe('bottom-center');
  });
});

describe('a toast at the top', () => {
  const header = (bottom: number) => {
    const element = document.createElement('header');
    element.getBoundingClientRect = () =>
      DOMRect.fromRect({ x: 0, y: bottom - 150, width: 390, height: 150 });
    return element;
  };

  it('sits below the header while the header is on screen', () => {
    expect(toastTopOffset(header(150))).toBe(158);
    expect(toastTopOffset(header(40.2))).toBe(49);
  });

  it('goes to the top of the screen once the header has scrolled away, or where there is none', () => {
    expect(toastTopOffset(header(-10))).toBe(16);
    expect(toastTopOffset(header(0))).toBe(16);
    expect(toastTopOffset(null)).toBe(16);
  });
});
