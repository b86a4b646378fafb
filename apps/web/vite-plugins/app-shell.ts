import type { Plugin } from 'vite';
import { ANNOUNCEMENT } from '../../../packages/shared/src/shop.js';

/** Fills the app shell of index.html with the shop's facts (the header's announcement). */
export function appShell(): Plugin {
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    name: 'app-shell',
    transformIndexHtml(html) {
      if (!html.includes('%SHOP_ANNOUNCEMENT%')) this.error('index.html lost its app shell');
      return html.replace('%SHOP_ANNOUNCEMENT%', escape(ANNOUNCEMENT));
    },
  };
}
