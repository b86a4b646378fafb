/**
 * A drop-in for `react-style-singleton` (used by Radix Dialog's scroll lock) that adds its CSS
 * as a constructed stylesheet instead of a <style> tag: the production CSP (style-src 'self')
 * blocks inline <style> tags but not the CSSOM. vite.config.ts aliases the package to this file.
 */
import { useEffect } from 'react';

type Sheet = { add: (css: string) => void; remove: () => void };

export function stylesheetSingleton(): Sheet {
  let counter = 0;
  let sheet: CSSStyleSheet | null = null;
  return {
    add(css) {
      if (counter === 0 && typeof document !== 'undefined') {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      counter++;
    },
    remove() {
      counter--;
      if (counter === 0 && sheet) {
        const added = sheet;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== added);
        sheet = null;
      }
    },
  };
}

export function styleHookSingleton() {
  const sheet = stylesheetSingleton();
  // Unlike the original, a change of styles always re-applies them (callers' styles are stable).
  return (styles: string, _isDynamic?: boolean) => {
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
    }, [styles]);
  };
}

export function styleSingleton() {
  const useStyle = styleHookSingleton();
  const Sheet = ({ styles, dynamic }: { styles: string; dynamic?: boolean }) => {
    useStyle(styles, dynamic);
    return null;
  };
  return Sheet;
}
