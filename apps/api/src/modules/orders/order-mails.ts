import { formatPrice } from '@shop/shared/money';
import { SHOP_NAME } from '@shop/shared/shop';
import type { OutgoingMail } from '../mail/outbox-repository';
import { renderMail } from '../mail/mail-layout';
import type { OrderWithItems } from './repository';

export const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();

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
