import { SHOP_NAME } from '@shop/shared/shop';
import type { OutgoingMail } from '../mail/outbox-repository';
import { renderMail } from '../mail/mail-layout';

/** To a new staff member: the link sets their password (and so verifies the address). */
export function staffInvitationMail(mail: {
  to: string;
  name: string;
  invitedBy: string;
  link: string;
  supportEmail: string;
}): OutgoingMail {
  return {
    to: mail.to,
    subject: `You are invited to run ${SHOP_NAME} with us`,
    ...renderMail({
      greeting: `Hi ${mail.name},`,
      paragraphs: [
        `${mail.invitedBy} added you to the staff of ${SHOP_NAME}. Choose a password to sign in; after it you set up an authenticator app for the back office.`,
      ],
      action: { label: 'Choose my password', url: mail.link },
      afterAction: [
        'The link is valid for 7 days and works once. If you did not expect this mail, you can ignore it.',
      ],
      supportEmail: mail.supportEmail,
    }),
  };
}
