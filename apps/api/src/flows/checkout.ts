import type { LineOption, LineSize } from '@shop/shared/catalog';
import {
  ORDER_MESSAGES,
  PAYMENT_METHOD,
  type CancelCheckoutResponse,
  type CheckoutProof,
  type CheckoutSessionResponse,
  type OrderItemRequest,
  type OwnHoldsResponse,
  type ShippingAddress,
} from '@shop/shared/orders';
import {
  OPEN_CHECKOUTS_MESSAGE,
  heldUnitsProblem,
  orderLimitProblem,
} from '@shop/shared/order-limits';
import { toDollars } from '@shop/shared/money';
import { chooseDiscount } from '@shop/shared/discount-choice';
import { DISCOUNT_MESSAGES, customerKeyOf, type DiscountRule } from '@shop/shared/discounts';
import { SHOP_TIME_ZONE } from '@shop/shared/shop';
import type { ShippingQuote } from '@shop/shared/shipping-settings';
import type { ChargeAddress, ChargeSettings, OrderQuote } from '@shop/shared/shipping';
import { findChosenVariant, specChoiceOf, variantTitle } from '@shop/shared/variants';
import type { Transaction } from '../db/client';
import { AppError } from '../errors';
import { isUuid } from '../lib/uuid';
import type { PaymentProvider } from '../modules/payments/provider';
import {
  checkoutCancelToken,
  isCheckoutCancelToken,
  newCheckoutReceipt,
} from '../modules/orders/order-access';
import {
  findOpenCheckoutsOfUser,
  findProductsForPricing,
  findVariantIds,
  insertOrder,
  lockAndListOpenHolds,
  setPaymentSession,
  type ProductForPricing,
  type VariantForPricing,
} from '../modules/checkout/service';
import {
  checkoutCancelPath,
  findOrder,
  findUnpaidOrders,
  type OrdersContext,
} from '../modules/orders/service';
import { cachedChargeSettings } from '../modules/shipping/service';
import {
  discountCandidates,
  reserveUse,
  type DiscountCandidates,
} from '../modules/discounts/service';
import { closeUnpaidOrder } from './order-holds';
import { runOutsideStep } from './steps';
import { availableUnits, holdUnits, inLockOrder } from '../modules/stock/service';

/** The provider's session lasts 30 minutes; the hold a little longer, so a payment never lands after it. */
export const CHECKOUT_SESSION_MS = 30 * 60_000;
export const HOLD_MS = CHECKOUT_SESSION_MS + 5 * 60_000;

export interface CheckoutContext extends OrdersContext {
  provider: PaymentProvider;
  /** MAX_OPEN_CHECKOUTS_PER_ADDRESS, times ACTION_LIMIT_SCALE (browser tests). */
  maxOpenCheckoutsPerAddress: number;
  /** MAX_HELD_UNITS_PER_ADDRESS, times ACTION_LIMIT_SCALE. */
  maxHeldUnitsPerAddress: number;
}

export interface CheckoutRequest {
  items: OrderItemRequest[];
  shippingAddress: ShippingAddress;
  customer: { userId: string | null; name: string; email: string };
  clientAddress: string;
  /** The browser's earlier open checkouts (by their cancel proofs), ended before this one holds. */
  replaces?: CheckoutProof[] | undefined;
  /** The shipping rate the shopper picked; the zone's first that fits when none. */
  shippingRateId?: string | undefined;
  /** The discount code the shopper typed (decision 047). */
  discountCode?: string | undefined;
  /**
   * The address's rate-limit count, sent beside the checkout's reads and awaited before them:
   * its refusal answers first and nothing is written before it (decision 055).
   */
  admitted?: Promise<unknown> | undefined;
}

interface PricedLine {
  product: ProductForPricing;
  variant: VariantForPricing;
  size: LineSize;
  option: LineOption;
  qty: number;
  /** The server's price of the variant (the client's is never read). */
  unitPriceCents: number;
  /** 'Hoodie (size L)', 'Desert Bloom Tee (Clay / XL)': how messages and the provider name it. */
  label: string;
}

/** What a product of this shape takes, for the message when a line does not name one of its variants. */
function whatItTakes(product: ProductForPricing): string {
  if (product.hasSize) return 'a size';
  if (product.hasAandB) return 'an option (A or B)';
  if (!product.options.length) return 'no size or option';
  return `a choice of ${product.options.map((option) => option.name).join(' and ')}`;
}

function labelOf(product: ProductForPricing, variant: VariantForPricing): string {
  const spec = specChoiceOf(product, variant.values);
  if (spec.size !== 'NA') return `${product.name} (size ${spec.size})`;
  if (spec.option !== 'NA') return `${product.name} (option ${spec.option})`;
  return variant.values.length ? `${product.name} (${variantTitle(variant.values)})` : product.name;
}

/** Checks each line against what the product really offers; the same variant twice becomes one line. */
async function priceLines(
  ctx: Pick<CheckoutContext, 'db'>,
  items: OrderItemRequest[],
): Promise<PricedLine[]> {
  const unknown = items.find((item) => !isUuid(item.product));
  if (unknown) throw new AppError('invalid', `Unknown product: ${unknown.product}`);
  const products = new Map(
    (await findProductsForPricing(ctx.db, [...new Set(items.map((item) => item.product))])).map(
      (p) => [p.id, p],
    ),
  );
  const lines = new Map<string, PricedLine>();
  for (const item of items) {
    const product = products.get(item.product);
    if (!product) throw new AppError('invalid', `Unknown product: ${item.product}`);
    const variant = findChosenVariant(product, product.variants, item);
    if (!variant) throw new AppError('invalid', `${product.name} takes ${whatItTakes(product)}`);
    const key = `${product.id}:${variant.key}`;
    const line = lines.get(key);
    if (line) line.qty += item.qty;
    else
      lines.set(key, {
        product,
        variant,
        ...specChoiceOf(product, variant.values),
        qty: item.qty,
        unitPriceCents: variant.priceCents ?? product.priceCents,
        label: labelOf(product, variant),
      });
  }
  // Lines of one variant sent apart count together.
  const problem = orderLimitProblem([...lines.values()]);
  if (problem) throw new AppError('invalid', problem);
  return [...lines.values()];
}

/** What the order is charged, with the discount that applies and why the code did not. */
interface Charge {
  quote: OrderQuote;
  /** The discount applied and what its use is reserved on; undefined without one. */
  use?:
    | { rule: DiscountRule; codeId: string | null; codeLimited: boolean; oncePerCustomer: boolean }
    | undefined;
  /** Why the code typed does not apply (or that an automatic discount saves more); else null. */
  codeMessage: string | null;
  /** The code typed cannot be used for this cart (the message says why). */
  codeRefused: boolean;
}

/**
 * What the order is charged with the owner's settings as they are now (decision 041) and the
 * best discount it may have (decision 047): refused with the rules' message for an address
 * outside every zone or a rate it is not offered.
 */
function chargeOrder(
  settings: ChargeSettings,
  lines: PricedLine[],
  address: ChargeAddress,
  rateId: string | undefined,
  candidates: DiscountCandidates,
): Charge {
  const { result, codeMessage, codeRefused } = chooseDiscount(
    settings,
    {
      lines: lines.map((line) => ({
        unitPriceCents: line.unitPriceCents,
        qty: line.qty,
        productId: line.product.id,
        variantId: line.variant.id,
        collectionIds: line.product.collectionIds,
      })),
      weightGrams: lines.reduce((sum, line) => sum + (line.variant.weightGrams ?? 0) * line.qty, 0),
      address,
      rateId,
    },
    { code: candidates.code?.rule, automatic: candidates.automatic.map((a) => a.rule) },
    { now: new Date(), timeZone: SHOP_TIME_ZONE },
  );
  if (!result.ok) throw new AppError('invalid', result.message);
  const applied = result.quote.discount?.rule;
  const automatic = candidates.automatic.find((a) => a.rule.id === applied?.id);
  const use = !applied
    ? undefined
    : automatic
      ? {
          rule: applied,
          codeId: null,
          codeLimited: false,
          oncePerCustomer: automatic.oncePerCustomer,
        }
      : {
          rule: applied,
          codeId: candidates.code?.codeId ?? null,
          codeLimited: candidates.code?.codeLimited ?? false,
          oncePerCustomer: candidates.code?.oncePerCustomer ?? false,
        };
  return {
    quote: result.quote,
    use,
    codeMessage: candidates.codeMessage ?? codeMessage,
    codeRefused: candidates.codeMessage !== null || codeRefused,
  };
}

/** The discount line as answered, in dollars; null without a discount. */
function discountLineOf(quote: OrderQuote) {
  return quote.discount
    ? {
        title: quote.discount.rule.title,
        itemsPrice: toDollars(quote.discount.itemsCents),
        shippingPrice: toDollars(quote.discount.shippingCents),
      }
    : null;
}

/** POST /api/shipping/quote: the rates an address is offered for this cart, and the totals. */
export async function quoteCheckout(
  ctx: Pick<CheckoutContext, 'db'>,
  request: {
    items: OrderItemRequest[];
    address: ChargeAddress;
    shippingRateId?: string | undefined;
    discountCode?: string | undefined;
    /** Who asks, for a once-per-customer code: the account, else the e-mail typed. */
    customer: { userId: string | null; email: string | undefined };
  },
): Promise<ShippingQuote> {
  const { customer } = request;
  const customerKey =
    customer.userId || customer.email
      ? customerKeyOf({ userId: customer.userId, email: customer.email ?? '' })
      : null;
  // Independent reads, at once: one round trip's wait instead of three (decision 055).
  const [lines, candidates, settings] = await Promise.all([
    priceLines(ctx, request.items),
    discountCandidates(ctx.db, request.discountCode, customerKey),
    cachedChargeSettings(ctx.db),
  ]);
  const { quote, codeMessage } = chargeOrder(
    settings,
    lines,
    request.address,
    request.shippingRateId,
    candidates,
  );
  return {
    rates: quote.offers.map((offer) => ({
      _id: offer.rate.id,
      name: offer.rate.name,
      price: toDollars(offer.shippingCents),
    })),
    shippingRateId: quote.chosen.rate.id,
    taxRate: quote.taxRateBp / 100,
    itemsPrice: toDollars(quote.totals.itemsCents),
    discountPrice: toDollars(quote.totals.discountCents),
    discount: discountLineOf(quote),
    discountMessage: codeMessage,
    shippingPrice: toDollars(quote.totals.shippingCents),
    taxPrice: toDollars(quote.totals.taxCents),
    totalPrice: toDollars(quote.totals.totalCents),
  };
}

const NO_DISCOUNTS: DiscountCandidates = { codeMessage: null, automatic: [] };

/** A code that cannot be used: 409 when its uses are the reason, 400 otherwise. */
function refuseCode(message: string): never {
  const usage: string[] = [DISCOUNT_MESSAGES.usedUp, DISCOUNT_MESSAGES.alreadyUsed];
  throw new AppError(usage.includes(message) ? 'conflict' : 'invalid', message);
}

/** A line's photo in the order: the variant's own, else the spec's option photo, else the product's. */
function lineImage(line: PricedLine): string {
  const { product, variant, option } = line;
  const optionImage =
    option === 'B'
      ? product.imagesOptionB[0]
      : option === 'A'
        ? product.imagesOptionA[0]
        : undefined;
  return variant.images[0] ?? optionImage ?? product.image;
}

/**
 * A shopper has one checkout at a time: a new one by a signed-in account first ends the earlier
 * ones at the provider, as the cancel link does, and gives their stock back. One the provider no
 * longer calls open (paid a moment ago) is left to its own event and keeps its stock.
 */
async function releaseEarlierCheckouts(ctx: CheckoutContext, userId: string): Promise<void> {
  let released = false;
  for (const orderId of await endCheckoutsAtProvider(ctx, userId)) {
    if (await ctx.db.transaction((tx) => closeUnpaidOrder(tx, orderId, 'cancelled')))
      released = true;
  }
  if (released) ctx.onStockChanged();
}

/**
 * Ends an account's open checkouts at the provider (a new checkout, an account's erasure) and
 * answers the orders no payment can arrive for any more, for the caller to close: those whose
 * session the provider ended, or that have none yet (setPaymentSession will refuse it). One the
 * provider no longer calls open (paid a moment ago), or that did not answer, is left out.
 */
export async function endCheckoutsAtProvider(
  ctx: Pick<CheckoutContext, 'db' | 'provider'>,
  userId: string,
): Promise<Set<string>> {
  const ended = new Set<string>();
  for (const open of await findOpenCheckoutsOfUser(ctx.db, userId)) {
    const sessionId = open.paymentSessionId;
    if (!sessionId || (await ctx.provider.expireCheckoutSession(sessionId).catch(() => false)))
      ended.add(open.id);
  }
  return ended;
}

/**
 * The browser's earlier checkouts it still holds the proofs of (a guest's, or one begun before
 * signing in) end as their cancel links would end them. Best effort: a proof of another order or
 * a provider that does not answer leaves that checkout to expire on its own.
 */
async function releaseProvenCheckouts(ctx: CheckoutContext, proofs: CheckoutProof[]) {
  for (const proof of proofs)
    await cancelCheckout(ctx, proof.orderId, proof.token).catch(() => undefined);
}

/**
 * The limits of the checkout's address (decision 025), checked last in its transaction: under the
 * address's lock, the other open checkouts of the address (this order aside) and the units they
 * hold, read after the lock, so parallel checkouts from one address on any number of processes
 * queue here and each counts those committed before it. Nothing after it waits on a lock, so a
 * checkout holding stock rows while it waits here cannot be waited on in a cycle.
 */
async function keepAddressLimits(
  tx: Transaction,
  ctx: CheckoutContext,
  clientAddress: string,
  orderId: string,
  lines: PricedLine[],
): Promise<void> {
  const holds = await lockAndListOpenHolds(tx, clientAddress, orderId);
  if (holds.length >= ctx.maxOpenCheckoutsPerAddress)
    throw new AppError('too_many', OPEN_CHECKOUTS_MESSAGE);
  const units = lines.reduce((sum, line) => sum + line.qty, 0);
  const tooMany = heldUnitsProblem(holds, units, ctx.maxHeldUnitsPerAddress, new Date());
  if (tooMany) throw new AppError('too_many', tooMany);
}

/**
 * Creates the order and holds its stock in one transaction (nothing is held unless everything is),
 * then opens the provider's hosted checkout and answers its url, with the receipt token that lets
 * this browser read the order on the thank-you page (the order keeps only its hash).
 */
export async function startCheckout(
  ctx: CheckoutContext,
  request: CheckoutRequest,
): Promise<CheckoutSessionResponse> {
  const receipt = newCheckoutReceipt();
  const customerKey = customerKeyOf(request.customer);
  const endsEarlier = Boolean(request.customer.userId || request.replaces?.length);
  // Independent reads, at once (decision 055). A checkout that ends earlier ones reads its
  // discounts after them: the use of a once-per-customer code an ended checkout held is free again.
  const readCandidates = () => discountCandidates(ctx.db, request.discountCode, customerKey);
  const reads = Promise.all([
    priceLines(ctx, request.items),
    cachedChargeSettings(ctx.db),
    endsEarlier ? undefined : readCandidates(),
  ]);
  // The rate limit's refusal first, as when it was counted before the reads.
  reads.catch(() => undefined);
  await request.admitted;
  const [lines, settings, early] = await reads;
  const charge = (candidates: DiscountCandidates) =>
    chargeOrder(settings, lines, request.shippingAddress, request.shippingRateId, candidates);
  if (endsEarlier) {
    // The address and rate are checked before an earlier checkout is ended for this one.
    charge(NO_DISCOUNTS);
    if (request.customer.userId) await releaseEarlierCheckouts(ctx, request.customer.userId);
    if (request.replaces?.length) await releaseProvenCheckouts(ctx, request.replaces);
  }
  const candidates = early ?? (await readCandidates());
  const { quote: charged, use, codeMessage, codeRefused } = charge(candidates);
  // A code typed that does not apply is refused, not dropped: the shopper is told why. One an
  // automatic discount beats goes through with that discount, as the shopper was shown.
  if (codeRefused && codeMessage) refuseCode(codeMessage);
  const { totals } = charged;
  // In the stock ledger's lock order, so checkouts, payments and expiries never deadlock.
  const holdOrder = inLockOrder(
    lines.map((line) => ({ line, productId: line.product.id, variant: line.variant.key })),
  );

  const order = await ctx.db.transaction(async (tx) => {
    const created = await insertOrder(
      tx,
      {
        userId: request.customer.userId,
        customerName: request.customer.name,
        email: request.customer.email,
        shippingAddress: request.shippingAddress,
        paymentMethod: PAYMENT_METHOD,
        ...totals,
        discountTitle: charged.discount?.rule.title ?? null,
        shippingDiscountCents: charged.discount?.shippingCents ?? 0,
        // The order keeps what it was charged: later changes to the settings leave it alone.
        shippingRateName: charged.chosen.rate.name,
        taxRateBp: charged.taxRateBp,
        shippingTaxed: charged.taxShipping,
        paymentProvider: ctx.provider.name,
        holdExpiresAt: new Date(Date.now() + HOLD_MS),
        clientAddress: request.clientAddress,
        receiptHash: receipt.hash,
      },
      lines.map((line, i) => ({
        discountCents: charged.lines[i]?.discountCents ?? 0,
        taxCents: charged.lines[i]?.taxCents ?? 0,
        productId: line.product.id,
        variant: line.variant.key,
        name: line.product.name,
        image: lineImage(line),
        size: line.size,
        option: line.option,
        variantTitle: variantTitle(line.variant.values),
        sku: line.variant.sku,
        qty: line.qty,
        unitPriceCents: line.unitPriceCents,
      })),
    );
    for (const { line } of holdOrder) {
      const units = { productId: line.product.id, variant: line.variant.key, qty: line.qty };
      if (!(await holdUnits(tx, { ...units, orderId: created.id }, ctx))) {
        const left = await availableUnits(tx, line.product.id, line.variant.key);
        const name = line.label;
        throw new AppError(
          'conflict',
          left > 0
            ? `Sorry, only ${left} left of ${name}. Please lower the quantity.`
            : `Sorry, ${name} is sold out.`,
        );
      }
    }
    // After the stock, in the same transaction: a use is never reserved for an order that
    // holds nothing, and a refused one rolls back the holds (decision 048).
    if (use) {
      const outcome = await reserveUse(tx, {
        discountId: use.rule.id,
        codeId: use.codeId,
        codeLimited: use.codeLimited,
        orderId: created.id,
        customerKey,
        oncePerCustomer: use.oncePerCustomer,
      });
      if (outcome === 'used_up') throw new AppError('conflict', DISCOUNT_MESSAGES.usedUp);
      if (outcome === 'already_used') throw new AppError('conflict', DISCOUNT_MESSAGES.alreadyUsed);
    }
    // Last, so the address's lock is held for two statements and the commit (decision 055).
    await keepAddressLimits(tx, ctx, request.clientAddress, created.id, lines);
    return created;
  });
  ctx.onStockChanged();

  const opened = await runOutsideStep({
    run: async () => {
      try {
        const session = await ctx.provider.createCheckoutSession({
          orderId: order.id,
          customerEmail: order.email,
          lines: lines.map((line) => ({
            name: line.label,
            qty: line.qty,
            unitPriceCents: line.unitPriceCents,
          })),
          discount: charged.discount
            ? { title: charged.discount.rule.title, cents: totals.discountCents }
            : undefined,
          shippingCents: totals.shippingCents,
          taxCents: totals.taxCents,
          taxRateBp: charged.taxRateBp,
          totalCents: totals.totalCents,
          successUrl: `${ctx.appUrl}/successfulorder?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${ctx.appUrl}${checkoutCancelPath(ctx, order.id)}`,
          expiresAt: new Date(Date.now() + CHECKOUT_SESSION_MS),
        });
        return { session, attached: await setPaymentSession(ctx.db, order.id, session.id) };
      } catch (error) {
        throw new AppError(
          'unavailable',
          'The payment provider did not answer. Nothing was charged; please try again.',
          {},
          error,
        );
      }
    },
    // No checkout to pay: give the stock back at once rather than at the hold's end.
    compensate: async () => {
      await ctx.db.transaction((tx) => closeUnpaidOrder(tx, order.id, 'cancelled'));
      ctx.onStockChanged();
    },
  });
  if (opened.attached)
    return {
      url: opened.session.url,
      receipt: receipt.token,
      checkout: { orderId: order.id, token: checkoutCancelToken(ctx.secret, order.id) },
    };
  // A newer checkout of the same account replaced this one while its session was being opened.
  await ctx.provider.expireCheckoutSession(opened.session.id).catch(() => false);
  throw new AppError('conflict', 'This checkout was replaced by a newer one. Please try again.');
}

/**
 * The shopper left the hosted checkout through its cancel link: the checkout is ended at the
 * provider and the held stock given back now, not when the session would have expired. Safe to
 * repeat, and safe against a payment in flight: a session the provider no longer calls open
 * (paid, or ended) is left to its own event.
 */
export async function cancelCheckout(
  ctx: CheckoutContext,
  orderId: string,
  token: string,
): Promise<CancelCheckoutResponse> {
  const notFound = new AppError('not_found', ORDER_MESSAGES.notFound);
  if (!isUuid(orderId) || !isCheckoutCancelToken(ctx.secret, orderId, token)) throw notFound;
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw notFound;
  if (order.status !== 'pending_payment' || !order.paymentSessionId)
    return { status: order.status };

  let ended: boolean;
  try {
    ended = await ctx.provider.expireCheckoutSession(order.paymentSessionId);
  } catch (error) {
    throw new AppError(
      'unavailable',
      'The payment provider did not answer. Nothing was charged; the items are held until the checkout expires.',
      {},
      error,
    );
  }
  if (!ended) return { status: order.status };
  if (await ctx.db.transaction((tx) => closeUnpaidOrder(tx, orderId, 'cancelled'))) {
    ctx.onStockChanged();
    return { status: 'cancelled' };
  }
  return { status: (await findOrder(ctx.db, orderId))?.status ?? order.status };
}

/**
 * What the shopper's own open checkouts hold: the signed-in account's and those whose cancel
 * proofs the browser keeps. A proof that does not verify, or names an order no longer waiting for
 * payment, adds nothing; nothing about anyone else's orders is answered.
 */
export async function ownHolds(
  ctx: CheckoutContext,
  shopper: { userId: string | null; proofs: CheckoutProof[] },
): Promise<OwnHoldsResponse> {
  const ids = new Set<string>();
  if (shopper.userId)
    for (const open of await findOpenCheckoutsOfUser(ctx.db, shopper.userId)) ids.add(open.id);
  for (const proof of shopper.proofs)
    if (isUuid(proof.orderId) && isCheckoutCancelToken(ctx.secret, proof.orderId, proof.token))
      ids.add(proof.orderId);

  const unpaid = await findUnpaidOrders(ctx.db, [...ids]);
  const variantIds = await findVariantIds(
    ctx.db,
    unpaid.flatMap((order) => order.items),
  );
  const checkouts: OwnHoldsResponse['checkouts'] = unpaid.map((order) => ({
    orderId: order.id,
    items: order.items.map((item) => ({
      product: item.productId,
      size: item.size as LineSize,
      option: item.option as LineOption,
      variant: variantIds.get(`${item.productId}:${item.variant}`) ?? '',
      qty: item.qty,
    })),
  }));
  return { checkouts };
}
