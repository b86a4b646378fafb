import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchFirstPage } from './app/prefetch';
import { App } from './app/providers';
import { createRouter } from './app/router';
import { createStore } from './app/store';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const store = createStore();
// The first page's data is asked for now, beside its code, which the router starts loading.
prefetchFirstPage(store, window.location.pathname);
const router = createRouter();

const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
});
