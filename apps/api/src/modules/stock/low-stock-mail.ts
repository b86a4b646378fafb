import type { Variant } from '@shop/shared/catalog';
import { choiceOfVariant } from '@shop/shared/admin-catalog';
import { renderMail } from '../mail/mail-layout';
import type { OutgoingMail } from '../mail/outbox-repository';

/** Where the low-stock mail's link leads and whom it names for questions. */
export interface LowStockMailSettings {
  appUrl: string;
  supportEmail: string;
}

export interface LowStockAlert {
  productId: string;
  productName: string;
  variant: Variant;
  /** The variant's option values (named in the mail when they are not the spec's). */
  optionValues: readonly string[];
  available: number;
  onHand: number;
  held: number;
  threshold: number;
}

/** ' (size L)', ' (option A)', or '' for a product without sizes or options. */
export function variantLabel(variant: Variant, optionValues: readonly string[] = []): string {
  const { size, option } = choiceOfVariant(variant);
  if (size !== 'NA') return ` (size ${size})`;
  if (option !== 'NA') return ` (option ${option})`;
  return optionValues.length ? ` (${optionValues.join(' / ')})` : '';
}

/** To an owner: a variant's available stock fell below its threshold. */
export function lowStockMail(
  owner: { email: string; name: string },
  alert: LowStockAlert,
  settings: LowStockMailSettings,
): OutgoingMail {
  const what = `${alert.productName}${variantLabel(alert.variant, alert.optionValues)}`;
  const productPage = `${settings.appUrl}/admin/products/${alert.productId}`;
  return {
    to: owner.email,
    subject: `Low stock: ${alert.productName}`,
    ...renderMail({
      greeting: `Hi ${owner.name},`,
      paragraphs: [
        `${what} is running low: ${alert.available} available, below its threshold of ${alert.threshold}.`,
        `On hand ${alert.onHand}, of which open checkouts hold ${alert.held}.`,
      ],
      action: { label: 'Open the product', url: productPage },
      afterAction: [
        'You will not hear about this variant again until its stock has risen above the threshold.',
      ],
      supportEmail: settings.supportEmail,
      // The owner acts in the back office, not by writing to the shop's own support address.
      closing: `Add stock or change the threshold on the product's back-office page: ${productPage}`,
    }),
  };
}
