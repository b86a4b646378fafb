import { SHOP_NAME } from '@shop/shared/shop';
import type { OutgoingMail } from '../mail/outbox-repository';
import { renderMail } from '../mail/mail-layout';

interface LinkMail {
  to: string;
  name: string;
  link: string;
  supportEmail: string;
}

export function verificationMail({ to, name, link, supportEmail }: LinkMail): OutgoingMail {
  return {
    to,
    subject: `Verify your email for ${SHOP_NAME}`,
    ...renderMail({
      greeting: `Hi ${name},`,
      paragraphs: [
        `Thanks for creating an account at ${SHOP_NAME}. Please confirm that this is your email address.`,
      ],
      action: { label: 'Verify my email', url: link },
      afterAction: [
        'The link is valid for 24 hours. If you did not create an account, you can ignore this mail.',
      ],
      supportEmail,
    }),
  };
}

export function passwordResetMail({ to, name, link, supportEmail }: LinkMail): OutgoingMail {
  return {
    to,
    subject: `Reset your ${SHOP_NAME} password`,
    ...renderMail({
      greeting: `Hi ${name},`,
      paragraphs: ['Someone (we hope you) asked to reset the password of your account.'],
      action: { label: 'Choose a new password', url: link },
      afterAction: [
        'The link is valid for 30 minutes and works once. If you did not ask for it, ignore this mail: your password stays as it is.',
      ],
      supportEmail,
    }),
  };
}
