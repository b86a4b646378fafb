/**
 * The receipt token of the checkout this browser tab started (see checkoutSessionResponseSchema):
 * kept in session storage, so only this tab can show the order on the thank-you page, and it is
 * gone when the tab closes. Never put in a URL.
 */
const RECEIPT_KEY = 'checkoutReceipt';

export function keepCheckoutReceipt(receipt: string): void {
  try {
    window.sessionStorage.setItem(RECEIPT_KEY, receipt);
  } catch {
    // storage disabled: the thank-you page shows its text and the mail has the order
  }
}

export function checkoutReceipt(): string | undefined {
  try {
    return window.sessionStorage.getItem(RECEIPT_KEY) || undefined;
  } catch {
    return undefined;
  }
}
