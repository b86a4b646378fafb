import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  emailSchema,
  loginRequestSchema,
  nameSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
} from './accounts';
import { productListQuerySchema } from './catalog';
import {
  cancelCheckoutRequestSchema,
  guestCheckoutSessionRequestSchema,
  reviewRequestSchema,
  shippingAddressSchema,
} from './orders';
import {
  isMultiLineText,
  isSingleLineText,
  multiLineText,
  notAllowedCharactersMessage,
  singleLineText,
} from './text';

/** Every C0 control, DEL and every C1 control. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  '\u007f',
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(0x80 + code)),
];
const LINE_BREAKS = ['\t', '\n', '\r'];
const LONE_SURROGATES = ['\ud800', '\udfff', 'a\ud83dz', '\ude00b'];

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('single-line text', () => {
  it('refuses every control character, wherever it is', () => {
    for (const control of CONTROLS) {
      const code = control.codePointAt(0)?.toString(16);
      expect(isSingleLineText(control), code).toBe(false);
      expect(isSingleLineText(`Ana${control}`), code).toBe(false);
      expect(isSingleLineText(`${control}Ana Diaz`), code).toBe(false);
    }
  });

  it('refuses half a surrogate pair and takes whole ones', () => {
    for (const text of LONE_SURROGATES)
      expect(isSingleLineText(text), JSON.stringify(text)).toBe(false);
    expect(isSingleLineText('Sunny 😀 day')).toBe(true);
  });

  it('takes letters, digits, spaces, punctuation and other scripts', () => {
    for (const text of [
      '',
      'Ana Díaz',
      "O'Brien-Smith",
      'Zoë 山田 Ñandú',
      '1 Dune Rd., #4',
      '%_',
    ]) {
      expect(isSingleLineText(text), text).toBe(true);
    }
  });

  it('builds a schema that names the field and stops before the rules after it', () => {
    const schema = singleLineText('City').check(z.trim(), z.minLength(1, 'City is required'));

    expect(schema.parse('  Chicago ')).toBe('Chicago');
    const result = schema.safeParse('\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'City contains characters that are not allowed',
    ]);
    // Checked as sent, not after trimming: a trailing line break is refused too.
    expect(schema.safeParse('Chicago\n').success).toBe(false);
    expect(notAllowedCharactersMessage('City')).toBe(
      'City contains characters that are not allowed',
    );
  });

  it('keeps the message for a missing value', () => {
    const schema = singleLineText('City', { error: 'City is required' });
    expect(firstMessage(schema.safeParse(undefined))).toBe('City is required');
  });
});

describe('multi-line text', () => {
  it('takes tab, line feed and carriage return', () => {
    expect(isMultiLineText('Great tote.\r\nHolds a lot:\n\t- books')).toBe(true);
    for (const control of LINE_BREAKS) expect(isMultiLineText(`a${control}b`)).toBe(true);
  });

  it('refuses every other control character and half surrogate pairs', () => {
    for (const control of CONTROLS.filter((c) => !LINE_BREAKS.includes(c))) {
      expect(isMultiLineText(`a${control}b`), control.codePointAt(0)?.toString(16)).toBe(false);
    }
    for (const text of LONE_SURROGATES)
      expect(isMultiLineText(text), JSON.stringify(text)).toBe(false);
  });

  it('builds a schema that names the field', () => {
    const schema = multiLineText('Comment');
    expect(schema.parse('line one\nline two')).toBe('line one\nline two');
    expect(firstMessage(schema.safeParse('bad\u0000'))).toBe(
      'Comment contains characters that are not allowed',
    );
  });
});

describe('the request schemas', () => {
  const address = {
    fullName: 'Maya Haddad',
    phone: '+13125550100',
    address: '1 Dune Road',
    city: 'Chicago',
    state: 'IL',
    postalCode: '60601',
    country: 'US',
  };

  it('refuse a NUL in names, e-mails and passwords, naming the field', () => {
    expect(firstMessage(nameSchema.safeParse('Ana\u0000'))).toBe(
      'Name contains characters that are not allowed',
    );
    expect(firstMessage(emailSchema.safeParse('ana@example.com\u0000'))).toBe(
      'Email address contains characters that are not allowed',
    );
    const register = { name: 'Ana', email: 'ana@example.com', password: 'Sunny-Dunes1' };
    expect(registerRequestSchema.safeParse(register).success).toBe(true);
    expect(registerRequestSchema.safeParse({ ...register, name: 'A\nna' }).success).toBe(false);
    expect(
      registerRequestSchema.safeParse({ ...register, password: 'Sunny-Dunes1\u0000' }).success,
    ).toBe(false);
    expect(
      firstMessage(loginRequestSchema.safeParse({ email: 'ana@example.com', password: 'x\u0000' })),
    ).toBe('Password contains characters that are not allowed');
    expect(
      loginRequestSchema.safeParse({ email: 'ana@example.com', password: 'any old pass' }).success,
    ).toBe(true);
    expect(profileUpdateRequestSchema.safeParse({ ...register, id: 'x\u0000' }).success).toBe(
      false,
    );
  });

  it('refuse a control character in any shipping address field, naming it', () => {
    expect(shippingAddressSchema.parse(address)).toEqual(address);
    const labels = {
      fullName: 'Full name',
      phone: 'Phone',
      address: 'Address',
      city: 'City',
      state: 'State',
      postalCode: 'Postal code',
      country: 'Country',
    };
    for (const [field, label] of Object.entries(labels)) {
      const result = shippingAddressSchema.safeParse({ ...address, [field]: 'x\u0000y' });
      expect(firstMessage(result), field).toBe(`${label} contains characters that are not allowed`);
    }
    expect(firstMessage(shippingAddressSchema.safeParse({ ...address, city: undefined }))).toBe(
      'City is required',
    );
  });

  it('refuse a NUL in a cart line’s product, a checkout e-mail and a cancel token', () => {
    const checkout = {
      orderItems: [{ product: 'p-1', qty: 1 }],
      shippingAddress: address,
      email: 'g@example.com',
    };
    expect(guestCheckoutSessionRequestSchema.safeParse(checkout).success).toBe(true);
    expect(
      guestCheckoutSessionRequestSchema.safeParse({
        ...checkout,
        orderItems: [{ product: 'p-1\u0000', qty: 1 }],
      }).success,
    ).toBe(false);
    expect(cancelCheckoutRequestSchema.safeParse({ token: 'abc\u0000' }).success).toBe(false);
  });

  it('keep a review comment’s line breaks and refuse its other controls', () => {
    const review = { rating: 5, userEmail: 'r@example.com' };
    expect(reviewRequestSchema.parse({ ...review, comment: ' Good.\r\n\tSturdy. ' }).comment).toBe(
      'Good.\r\n\tSturdy.',
    );
    expect(firstMessage(reviewRequestSchema.safeParse({ ...review, comment: 'a\u0000' }))).toBe(
      'Comment contains characters that are not allowed',
    );
    expect(reviewRequestSchema.parse(review).comment).toBe('');
  });

  it('refuse a control character in the listing query', () => {
    expect(productListQuerySchema.safeParse({ keyword: ' tote ', pageNumber: ' ' }).success).toBe(
      true,
    );
    expect(firstMessage(productListQuerySchema.safeParse({ keyword: '\u0000' }))).toBe(
      'Search keyword contains characters that are not allowed',
    );
    expect(productListQuerySchema.safeParse({ pageNumber: '1\u0000' }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ category: 'totes\u001b' }).success).toBe(false);
  });
});
