import { addressLines, firstNameOf } from '@shop/shared/addresses';
import { formatPrice } from '@shop/shared/money';
import { orderNumber } from '@shop/shared/orders';
import { SHOP_NAME } from '@shop/shared/shop';
import type { OutgoingMail } from '../mail/outbox-repository';
import { renderMail } from '../mail/mail-layout';
import type { OrderWithItems } from './repository';
import { orderAddressOf } from './service';

type MailedOrder = Pick<OrderWithItems, 'id' | 'email' | 'customerName' | 'shippingAddress'>;

/** 'Hi Maya,': the recipient's first name (the buyer's, or 'Guest', on orders from before it). */
const greetingOf = (order: MailedOrder) => `Hi ${firstNameOf(orderAddressOf(order).fullName)},`;

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
  const shipTo = orderAddressOf(order);
  return {
    to: order.email,
    subject: `Your ${SHOP_NAME} order ${number} is confirmed`,
    ...renderMail({
      greeting: greetingOf(order),
      paragraphs: [
        `Thank you for your order. We have received your payment and are getting order ${number} ready.`,
        ...order.items.map(describeLine),
        `Items ${formatPrice(order.itemsCents)} · Shipping ${formatPrice(order.shippingCents)} · Tax ${formatPrice(order.taxCents)} · Total ${formatPrice(order.totalCents)}`,
        `Shipping to: ${addressLines(shipTo).join(', ')}${shipTo.phone ? ` · Phone ${shipTo.phone}` : ''}`,
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
  order: MailedOrder,
  parcel: { carrier: string; trackingNumber: string },
  link: string,
  supportEmail: string,
): OutgoingMail {
  const number = orderNumber(order.id);
  return {
    to: order.email,
    subject: `Your ${SHOP_NAME} order ${number} has shipped`,
    ...renderMail({
      greeting: greetingOf(order),
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
  order: MailedOrder,
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
      greeting: greetingOf(order),
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
