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

const describeLine = (item: OrderWithItems['items'][number]) =>
  `${unitsOfLine(item, item.qty)}: ${formatPrice(item.qty * item.unitPriceCents)}`;

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
        `Items ${formatPrice(order.itemsCents)}${order.discountCents > 0 ? ` · Discount (${order.discountTitle ?? ''}) -${formatPrice(order.discountCents)}` : ''} · Shipping ${formatPrice(order.shippingCents)} · Tax ${formatPrice(order.taxCents)} · Total ${formatPrice(order.totalCents)}`,
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

/** A line's units in words: '2 × Ship Tee (size L)', '1 × Dune Tote (Clay / XL)'. */
export function unitsOfLine(
  item: Pick<OrderWithItems['items'][number], 'name' | 'size' | 'option' | 'variantTitle'>,
  qty: number,
): string {
  const variant =
    [
      item.size !== 'NA' ? `size ${item.size}` : '',
      item.option !== 'NA' ? `option ${item.option}` : '',
    ]
      .filter(Boolean)
      .join(', ') || item.variantTitle;
  return `${qty} × ${item.name}${variant ? ` (${variant})` : ''}`;
}

type UnitsOfLine = { item: OrderWithItems['items'][number] | undefined; qty: number };

/** Units of some lines in words: '2 × Ship Tee (size L), 1 × Tote'. */
export const unitsOfLines = (lines: UnitsOfLine[]): string =>
  lines.flatMap((line) => (line.item ? [unitsOfLine(line.item, line.qty)] : [])).join(', ');

/** Units of some lines counted, then named: '3 items (2 × Ship Tee (size L), 1 × Tote)'. */
export function unitsInWords(lines: UnitsOfLine[]): string {
  const units = lines.reduce((sum, line) => sum + line.qty, 0);
  const named = unitsOfLines(lines);
  return `${units} item${units === 1 ? '' : 's'}${named ? ` (${named})` : ''}`;
}

/**
 * A parcel is on its way: its items, carrier, tracking number and clickable tracking link, and
 * the order's link. The last parcel of an order says the order has shipped; others, part of it.
 */
export function parcelMail(
  order: MailedOrder,
  parcel: {
    carrier: string;
    trackingNumber: string;
    link: string | null;
    note: string | null;
    items: UnitsOfLine[];
    whole: boolean;
  },
  link: string,
  supportEmail: string,
): OutgoingMail {
  const number = orderNumber(order.id);
  return {
    to: order.email,
    subject: parcel.whole
      ? `Your ${SHOP_NAME} order ${number} has shipped`
      : `Part of your ${SHOP_NAME} order ${number} has shipped`,
    ...renderMail({
      greeting: greetingOf(order),
      paragraphs: [
        parcel.whole
          ? `Good news: order ${number} is on its way.`
          : `Good news: part of order ${number} is on its way. We will write again when the rest ships.`,
        `In this parcel: ${unitsOfLines(parcel.items)}`,
        `Carrier: ${parcel.carrier}`,
        `Tracking number: ${parcel.trackingNumber}`,
        ...(parcel.note ? [`Note: ${parcel.note}`] : []),
      ],
      links: parcel.link ? [{ label: 'Track the parcel', url: parcel.link }] : [],
      action: { label: 'See your order', url: link },
      supportEmail,
    }),
  };
}

/**
 * To a back-office account that asked for it: an order was paid, with what was bought and a link
 * to the order in the back office (not the buyer, whose erasure would not reach this mail).
 */
export function newOrderMail(
  order: OrderWithItems,
  recipient: { email: string; name: string },
  adminLink: string,
  supportEmail: string,
): OutgoingMail {
  const number = orderNumber(order.id);
  return {
    to: recipient.email,
    subject: `New order ${number}: ${formatPrice(order.totalCents)}`,
    ...renderMail({
      greeting: `Hi ${recipient.name},`,
      // Who bought it is in the back office only: the outbox keeps no buyer's name or address here.
      paragraphs: [
        `Order ${number} has been paid.`,
        ...order.items.map(describeLine),
        `Total ${formatPrice(order.totalCents)}`,
      ],
      action: { label: 'Open the order', url: adminLink },
      supportEmail,
      closing:
        'You get this mail for every paid order. To stop it, turn off “Mail me every paid order” on the Staff page of the back office.',
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
