// The app: loaded by main.tsx once the server's HTML has been painted. It hydrates that HTML with
// the API answers the server rendered it with, or renders the page itself where there is none.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/providers';
import { createRouter, loadMatchedRoutes } from './app/router';
import { createStore } from './app/store';
import { hydrateFromServer } from './lib/api';
import { storedStateSchemasIfAny } from './lib/lazy-contract';
import { SERVER_DATA_ID } from './lib/server-data';
import type { ServerData } from './lib/server-data';
import { hasStoredState } from './lib/storage';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// The API answers the server rendered the page with (absent on pages it did not render: /admin).
const serverDataText = document.getElementById(SERVER_DATA_ID)?.textContent;

async function start(root: HTMLElement) {
  const serverData = serverDataText ? (JSON.parse(serverDataText) as ServerData) : undefined;
  // The page's code and, when localStorage holds a cart or a user, the schemas that check them
  // (a first visit has none, and loads no schema code: docs/decisions/027) load side by side.
  const [storedStateSchemas] = await Promise.all([
    storedStateSchemasIfAny(hasStoredState()),
    serverData && loadMatchedRoutes(window.location.pathname),
  ]);
  const store = createStore(storedStateSchemas);
  if (serverData) store.dispatch(hydrateFromServer(serverData.api));
  const router = createRouter(serverData && { loaderData: serverData.loaderData });
  const app = (
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>
  );
  startTransition(() => {
    if (serverData) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

void start(container);
