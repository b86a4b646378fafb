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

/** To the new address: the change happens only when this link is opened. */
export function emailChangeConfirmMail({ to, name, link, supportEmail }: LinkMail): OutgoingMail {
  return {
    to,
    subject: `Confirm your new e-mail address for ${SHOP_NAME}`,
    ...renderMail({
      greeting: `Hi ${name},`,
      paragraphs: [
        `You asked to sign in to your ${SHOP_NAME} account with this address from now on. Please confirm that it is yours.`,
      ],
      action: { label: 'Confirm my new e-mail', url: link },
      afterAction: [
        'The link is valid for 24 hours and works once. Until you open it, your account keeps its current address. If you did not ask for this, ignore this mail.',
      ],
      supportEmail,
    }),
  };
}

/**
 * To the old address, at once: the owner learns of a change they may not have made, with a way to
 * stop it. The new address is masked, so a mailbox that is read by others does not leak it.
 */
export function emailChangeNoticeMail({
  to,
  name,
  maskedNewEmail,
  resetLink,
  supportEmail,
}: {
  to: string;
  name: string;
  maskedNewEmail: string;
  resetLink: string;
  supportEmail: string;
}): OutgoingMail {
  return {
    to,
    subject: `Your ${SHOP_NAME} e-mail address is about to change`,
    ...renderMail({
      greeting: `Hi ${name},`,
      paragraphs: [
        `Someone signed in to your account asked to change its e-mail address to ${maskedNewEmail}, and changed its password. The address changes only when the link we sent to ${maskedNewEmail} is opened.`,
        'If this was you, there is nothing more to do here.',
        'If it was not you, reset your password now: that stops the change and signs everyone out of your account.',
      ],
      action: { label: 'Reset my password', url: resetLink },
      supportEmail,
    }),
  };
}

/**
 * To an address that already has an account, when someone signs up with it or asks to move
 * another account to it: the answer there was the same as for a free address (it must not tell
 * who has an account), so the owner learns of it here, with the ways back in.
 */
export function addressTakenMail({
  to,
  name,
  link,
  resetLink,
  supportEmail,
}: LinkMail & { resetLink: string }): OutgoingMail {
  return {
    to,
    subject: `Someone tried to register with your ${SHOP_NAME} address`,
    ...renderMail({
      greeting: `Hi ${name},`,
      paragraphs: [
        `Someone tried to register a ${SHOP_NAME} account with this address, which already has one. Nothing has changed: your account keeps its address and its password.`,
        `If it was you, sign in with your password, or reset your password if you have forgotten it: ${resetLink}`,
      ],
      action: { label: 'Sign in', url: link },
      afterAction: [
        'If it was not you, you can ignore this mail: nobody can use your address for another account.',
      ],
      supportEmail,
    }),
  };
}
