/**
 * Sends the browser to the payment provider's hosted checkout. Only http(s) addresses are
 * followed, so an odd answer can never run script in the shop's origin. Answers false otherwise.
 */
export function goToHostedCheckout(url: string): boolean {
  let target: URL;
  try {
    target = new URL(url, window.location.href);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  window.location.assign(target.href);
  return true;
}
