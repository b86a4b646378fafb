import type { Plugin } from 'vite';

/**
 * sonner injects its stylesheet as a <style> tag at start-up, which the production CSP
 * (style-src 'self') blocks and reports. The same styles are imported from sonner's CSS file
 * in app/app-toaster.tsx, so the injection is turned off here; the build fails if sonner changes shape.
 */
export function sonnerWithoutInlineStyles(): Plugin {
  const marker = 'function __insertCSS(code) {';
  return {
    name: 'sonner-without-inline-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      if (!code.includes(marker)) {
        this.error('sonner no longer defines __insertCSS: review sonnerWithoutInlineStyles');
      }
      return { code: code.replace(marker, `${marker} return;`), map: null };
    },
  };
}
