import { formatPrice } from '@shop/shared/money';
import { SHOP_NAME } from '@shop/shared/shop';
import { escapeHtml } from '@shop/shared/html';
import type { OrderWithItems } from '../orders/repository';

/** The test checkout's page: plain HTML and a stylesheet of our own (the CSP allows no inline style). */
export function testCheckoutPage(order: OrderWithItems, sessionId: string): string {
  const lines = order.items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}${item.size !== 'NA' ? ` · ${escapeHtml(item.size)}` : ''}${item.option !== 'NA' ? ` · option ${escapeHtml(item.option)}` : ''}</td><td class="num">${item.qty}</td><td class="num">${formatPrice(item.qty * item.unitPriceCents)}</td></tr>`,
    )
    .join('');
  const amount = (label: string, cents: number, whenZero = formatPrice(0)) =>
    `<tr><th scope="row" colspan="2">${label}</th><td class="num">${cents === 0 ? whenZero : formatPrice(cents)}</td></tr>`;
  const action = `/test-checkout/${encodeURIComponent(sessionId)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout · ${escapeHtml(SHOP_NAME)}</title><link rel="stylesheet" href="/test-checkout/style.css"></head>
<body><main>
<p class="banner" role="note"><strong>TEST MODE: this checkout takes no money.</strong> No card is charged, yet paying here marks the order paid. This page stands in for the card provider's hosted checkout.</p>
<h1>Pay ${escapeHtml(SHOP_NAME)}</h1>
<p class="total">${formatPrice(order.totalCents)}</p>
<p>Order for ${escapeHtml(order.email)}</p>
<table><caption>Your order</caption><thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Price</th></tr></thead>
<tbody>${lines}</tbody><tfoot>${amount('Items', order.itemsCents)}${order.discountCents > 0 ? amount(`Discount (${escapeHtml(order.discountTitle ?? '')})`, -order.discountCents) : ''}${amount('Shipping', order.shippingCents, 'Free')}${amount('Tax', order.taxCents)}${amount('Total', order.totalCents)}</tfoot></table>
<form method="post" action="${action}/pay"><button type="submit" class="pay">Pay ${formatPrice(order.totalCents)}</button></form>
<form method="post" action="${action}/cancel"><button type="submit" class="cancel">Cancel and return to the shop</button></form>
</main></body></html>`;
}

export function testCheckoutClosedPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Test checkout · ${escapeHtml(SHOP_NAME)}</title><link rel="stylesheet" href="/test-checkout/style.css"></head><body><main><p class="banner" role="note"><strong>TEST MODE</strong></p><h1>${escapeHtml(message)}</h1><p><a href="/">Back to ${escapeHtml(SHOP_NAME)}</a></p></main></body></html>`;
}

// The banner is red (#991b1b on #fef2f2, 7.6:1) so that no one takes the page for a real payment.
export const TEST_CHECKOUT_CSS = `*{box-sizing:border-box}body{margin:0;background:#f5f5f4;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1917}
main{max-width:30rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.1)}
.banner{background:#fef2f2;border:2px solid #b91c1c;color:#991b1b;padding:.75rem;border-radius:.5rem;margin:0 0 1rem}
h1{font-size:1.25rem;margin:0 0 .25rem}.total{font-size:2rem;font-weight:700;margin:0 0 .5rem}
table{width:100%;border-collapse:collapse;margin:1rem 0}caption{text-align:left;font-weight:600;padding-bottom:.5rem}
th,td{padding:.4rem .25rem;border-bottom:1px solid #e7e5e4;text-align:left}.num{text-align:right}
button{width:100%;padding:.85rem;border-radius:.5rem;font-size:1rem;font-weight:600;cursor:pointer;margin-top:.5rem}
.pay{background:#1c1917;color:#fff;border:0}.cancel{background:#fff;color:#1c1917;border:1px solid #78716c}
button:focus-visible,a:focus-visible{outline:3px solid #b45309;outline-offset:2px}a{color:#7c2d12}`;
