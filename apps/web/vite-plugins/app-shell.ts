import type { Plugin } from 'vite';
import { escapeHtml } from '../../../packages/shared/src/html.js';
import { ANNOUNCEMENT } from '../../../packages/shared/src/shop.js';

/** Fills the app shell of index.html with the shop's facts (the header's announcement). */
export function appShell(): Plugin {
  return {
    name: 'app-shell',
    transformIndexHtml(html) {
      if (!html.includes('%SHOP_ANNOUNCEMENT%')) this.error('index.html lost its app shell');
      return html.replace('%SHOP_ANNOUNCEMENT%', escapeHtml(ANNOUNCEMENT));
    },
  };
}
