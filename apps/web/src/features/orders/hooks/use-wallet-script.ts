import { useEffect } from 'react';

/** The wallet provider's browser SDK; its host is allowed by the CSP only when it is configured. */
export const WALLET_SDK_URL = 'https://www.paypal.com/sdk/js';
const SCRIPT_ID = 'wallet-sdk';

/**
 * Loads the wallet provider's script once, for a configured (non-empty) client id; with an empty
 * id nothing is loaded. A script that fails to load changes nothing on the page.
 */
export function useWalletScript(clientId: string | undefined): void {
  useEffect(() => {
    if (!clientId || document.getElementById(SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = `${WALLET_SDK_URL}?client-id=${encodeURIComponent(clientId)}`;
    script.async = true;
    document.head.appendChild(script);
  }, [clientId]);
}
