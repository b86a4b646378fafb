import type { Plugin } from 'vite';

/**
 * The pages come rendered by the server: what the shopper sees first needs the HTML, the
 * stylesheet and the first pictures, not the JavaScript that makes it interactive. The built
 * index.html's module script and its modulepreload links ask for low priority, so on a slow
 * connection they do not take the bandwidth of the stylesheet and the largest picture.
 */
export function scriptsAfterContent(): Plugin {
  return {
    name: 'scripts-after-content',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const lowered = html
          .replace(
            /<script type="module"(?![^>]*fetchpriority)/g,
            '<script type="module" fetchpriority="low"',
          )
          .replace(
            /<link rel="modulepreload"(?![^>]*fetchpriority)/g,
            '<link rel="modulepreload" fetchpriority="low"',
          );
        if (!lowered.includes('fetchpriority="low"')) this.error('index.html has no module script');
        return lowered;
      },
    },
  };
}
