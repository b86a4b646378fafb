import './index.css';

// The first page is the server's HTML, painted before any script runs: the app (start.tsx, with
// React and the router) is asked for after the first frame, so its download and its hydration, the
// longest task of a first visit, never hold back the page's text and largest picture.
requestAnimationFrame(() => setTimeout(() => void import('./start'), 0));
