import { formatPrice } from '@shop/shared/money';
import { orderNumber } from '@shop/shared/orders';
import { SHOP_NAME } from '@shop/shared/shop';
import type { OutgoingMail } from '../mail/outbox-repository';
import { renderMail } from '../mail/mail-layout';
import type { OrderWithItems } from './repository';

const describeLine = (item: OrderWithItems['items'][number]) => {
  const variant = [
    item.size !== 'NA' ? `size ${item.size}` : '',
    item.option !== 'NA' ? `option ${item.option}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `${item.qty} × ${item.name}${variant ? ` (${variant})` : ''}: ${formatPrice(item.qty * item.unitPriceCents)}`;
};

/** The order-tracking mail the thank-you page promises, sent once the payment is confirmed. */
export function orderConfirmationMail(
  order: OrderWithItems,
  link: string,
  supportEmail: string,
): OutgoingMail {
  const number = orderNumber(order.id);
  const { address, city, state, postalCode, country } = order.shippingAddress;
  return {
    to: order.email,
    subject: `Your ${SHOP_NAME} order ${number} is confirmed`,
    ...renderMail({
      greeting: `Hi ${order.customerName},`,
      paragraphs: [
        `Thank you for your order. We have received your payment and are getting order ${number} ready.`,
        ...order.items.map(describeLine),
        `Items ${formatPrice(order.itemsCents)} · Shipping ${formatPrice(order.shippingCents)} · Tax ${formatPrice(order.taxCents)} · Total ${formatPrice(order.totalCents)}`,
        `Shipping to: ${address}, ${city}, ${state} ${postalCode}, ${country}`,
      ],
      action: { label: 'Track your order', url: link },
      afterAction: [
        'Keep this mail: the link shows your order and its delivery status at any time.',
      ],
      supportEmail,
    }),
  };
}

/** The parcel is on its way: carrier and tracking number, and the order's link. */
export function shippingMail(
  order: Pick<OrderWithItems, 'id' | 'email' | 'customerName'>,
  parcel: { carrier: string; trackingNumber: string },
  link: string,
  supportEmail: string,
): OutgoingMail {
  const number = orderNumber(order.id);
  return {
    to: order.email,
    subject: `Your ${SHOP_NAME} order ${number} has shipped`,
    ...renderMail({
      greeting: `Hi ${order.customerName},`,
      paragraphs: [
        `Good news: order ${number} is on its way.`,
        `Carrier: ${parcel.carrier}`,
        `Tracking number: ${parcel.trackingNumber}`,
      ],
      action: { label: 'Track your order', url: link },
      supportEmail,
    }),
  };
}

/** Money back: a refund, or the cancellation of an order that had not shipped. */
export function refundMail(
  order: Pick<OrderWithItems, 'id' | 'email' | 'customerName'>,
  refund: { amountCents: number; cancelled: boolean },
  link: string,
  supportEmail: string,
): OutgoingMail {
  const number = orderNumber(order.id);
  const amount = formatPrice(refund.amountCents);
  return {
    to: order.email,
    subject: refund.cancelled
      ? `Your ${SHOP_NAME} order ${number} is cancelled`
      : `A refund for your ${SHOP_NAME} order ${number}`,
    ...renderMail({
      greeting: `Hi ${order.customerName},`,
      paragraphs: [
        refund.cancelled
          ? `We have cancelled order ${number}${refund.amountCents > 0 ? ` and refunded ${amount}` : ''}.`
          : `We have refunded ${amount} for order ${number}.`,
        'The money goes back to the card you paid with; your bank may take a few days to show it.',
      ],
      action: { label: 'See your order', url: link },
      supportEmail,
    }),
  };
}
