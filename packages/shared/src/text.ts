import * as z from 'zod/mini';

/**
 * Rules for the text a request may carry. PostgreSQL refuses NUL in text columns and argon2
 * in passwords, and control characters have no business in a name, an address or a search:
 * they are refused at the contract, with a message, before anything stores or hashes them.
 */

/** Any control character: C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F). */
const CONTROL = /\p{Cc}/u;
/** The same, less tab, line feed and carriage return, which multi-line text keeps. */
const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
/** Half of a surrogate pair without its other half: no character at all, and not valid UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The message for text with characters that are not allowed, naming the field. */
export const notAllowedCharactersMessage = (label: string) =>
  `${label} contains characters that are not allowed`;

/** Whether text fits on one line: no control characters at all, no broken surrogate pairs. */
export function isSingleLineText(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

/** Whether text is fit for a multi-line field: tabs and line breaks, but no other controls. */
export function isMultiLineText(value: string): boolean {
  return !CONTROL_BUT_LINE_BREAKS.test(value) && !LONE_SURROGATE.test(value);
}

type StringParams = Parameters<typeof z.string>[0];

/** The check every text field starts with: stops at the first character that is not allowed. */
const allowedCharacters = (test: (value: string) => boolean, label: string) =>
  z.refine<string>(test, { error: notAllowedCharactersMessage(label), abort: true });

/**
 * A string that must fit on one line (a name, an address field, an e-mail, a search, a token).
 * The check runs on the value as sent, before any `.trim()` chained after it, and stops there:
 * the rules chained after it only see text without control characters.
 */
export function singleLineText(label: string, params?: StringParams) {
  return z.string(params).check(allowedCharacters(isSingleLineText, label));
}

/** A string that may span lines (a review comment): tab, LF and CR pass, other controls do not. */
export function multiLineText(label: string, params?: StringParams) {
  return z.string(params).check(allowedCharacters(isMultiLineText, label));
}
