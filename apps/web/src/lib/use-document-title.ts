import { useEffect } from 'react';
import { SHOP_NAME } from '@shop/shared/shop';

/** Sets the page title as '{title} | Sadu Sands' (or the shop name alone) while the page is shown. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP_NAME}` : SHOP_NAME;
  }, [title]);
}
