import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  BULK_CODE_ALPHABET,
  BULK_CODE_RANDOM_LENGTH,
  BULK_CODES_CSV_COLUMNS,
  DISCOUNT_ADMIN_MESSAGES as M,
  MAX_DISCOUNT_TITLE_LENGTH,
  discountStatus,
  type AdminDiscount,
  type AdminDiscountList,
  type BulkCodesRequest,
  type DiscountReport,
  type DiscountWrite,
} from '@shop/shared/admin-discounts';
import type { DiscountKind } from '@shop/shared/discounts';
import { formatPrice, toCents } from '@shop/shared/money';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/database-errors';
import { AppError, invalid, notFound } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { recordAudit, type AuditActor } from '../audit/service';
import {
  codesLike,
  discountIdOfCode,
  finalUses,
  findDiscountRow,
  findMainCode,
  insertCode,
  insertDiscountRow,
  insertSingleUseCodes,
  listDiscountRows,
  lockDiscount,
  missingTargets,
  renameCode,
  reportFigures,
  singleUseCodes,
  titlesLike,
  updateDiscountRow,
  type AdminDiscountRow,
  findVariantNames,
} from './admin-repository';
import type { DiscountRow, NewDiscount } from './repository';

/** The back office's discounts (decision 049): staff read, the owner writes; every write audited. */

const discountNotFound = () => notFound(M.notFound);
const codeTaken = (code: string) => new AppError('conflict', M.codeTaken(code));
const MAX_CODE_LENGTH = 40;

const dollarsOf = (cents: number | null) => (cents === null ? null : cents / 100);

function toAdminDiscount(
  row: AdminDiscountRow,
  now: Date,
  variantNames: ReadonlyMap<string, string>,
): AdminDiscount {
  const d = row.discount;
  const startsAt = d.startsAt?.toISOString() ?? null;
  const endsAt = d.endsAt?.toISOString() ?? null;
  return {
    _id: d.id,
    title: d.title,
    automatic: d.automatic,
    code: row.code,
    codesCount: Number(row.codesCount),
    kind: d.kind as DiscountKind,
    percent: d.percent,
    amount: dollarsOf(d.amountCents),
    maxShippingPrice: dollarsOf(d.maxShippingCents),
    appliesTo: d.wholeOrder ? 'order' : 'items',
    productIds: d.productIds,
    variantIds: d.variantIds,
    variantNames: Object.fromEntries(
      d.variantIds.flatMap((variantId) => {
        const name = variantNames.get(variantId);
        return name === undefined ? [] : [[variantId, name]];
      }),
    ),
    collectionIds: d.collectionIds,
    minItemsPrice: dollarsOf(d.minItemsCents),
    minQuantity: d.minQuantity,
    startsAt,
    endsAt,
    usageLimit: d.usageLimit,
    usedCount: d.usedCount,
    oncePerCustomer: d.oncePerCustomer,
    active: d.active,
    status: discountStatus(
      { active: d.active, startsAt, endsAt, usageLimit: d.usageLimit, usedCount: d.usedCount },
      now,
    ),
    createdAt: d.createdAt.toISOString(),
  };
}

/** GET /api/admin/discounts: newest first. */
export async function listAdminDiscounts(
  db: Executor,
  now = new Date(),
): Promise<AdminDiscountList> {
  const rows = await listDiscountRows(db);
  const names = await findVariantNames(
    db,
    rows.flatMap((row) => row.discount.variantIds),
  );
  return { discounts: rows.map((row) => toAdminDiscount(row, now, names)) };
}

/** GET /api/admin/discounts/:id */
export async function getAdminDiscount(
  db: Executor,
  id: string,
  now = new Date(),
): Promise<AdminDiscount> {
  const row = isUuid(id) ? await findDiscountRow(db, id) : undefined;
  if (!row) throw discountNotFound();
  return toAdminDiscount(row, now, await findVariantNames(db, row.discount.variantIds));
}

type RuleFields = Omit<NewDiscount, 'id' | 'usedCount' | 'createdAt' | 'updatedAt' | 'automatic'>;

/** The columns a write sets (its rules; never the counters). */
function fieldsOf(write: DiscountWrite, title: string): RuleFields {
  const items = write.appliesTo === 'items';
  return {
    title,
    kind: write.kind,
    percent: write.kind === 'percentage' ? (write.percent ?? null) : null,
    amountCents: write.kind === 'fixed' && write.amount != null ? toCents(write.amount) : null,
    maxShippingCents:
      write.kind === 'free_shipping' && write.maxShippingPrice != null
        ? toCents(write.maxShippingPrice)
        : null,
    wholeOrder: !items,
    productIds: items ? [...new Set(write.productIds)] : [],
    variantIds: items ? [...new Set(write.variantIds)] : [],
    collectionIds: items ? [...new Set(write.collectionIds)] : [],
    minItemsCents: write.minItemsPrice != null ? toCents(write.minItemsPrice) : null,
    minQuantity: write.minQuantity ?? null,
    startsAt: write.startsAt ? new Date(write.startsAt) : null,
    endsAt: write.endsAt ? new Date(write.endsAt) : null,
    usageLimit: write.usageLimit ?? null,
    oncePerCustomer: write.oncePerCustomer,
    active: write.active,
  };
}

/** 400 naming the products, variants or collections that do not exist. */
async function checkTargets(tx: Executor, fields: RuleFields): Promise<void> {
  const missing = await missingTargets(tx, {
    productIds: fields.productIds ?? [],
    variantIds: fields.variantIds ?? [],
    collectionIds: fields.collectionIds ?? [],
  });
  if (missing.productIds.length) throw invalid(M.unknown('product', missing.productIds));
  if (missing.variantIds.length) throw invalid(M.unknown('variant', missing.variantIds));
  if (missing.collectionIds.length) throw invalid(M.unknown('collection', missing.collectionIds));
}

/** '20 % off the order', '$5.00 off chosen items', 'free shipping'. */
function describeRule(fields: RuleFields): string {
  const what =
    fields.kind === 'percentage'
      ? `${fields.percent} % off`
      : fields.kind === 'fixed'
        ? `${formatPrice(fields.amountCents ?? 0)} off`
        : 'free shipping';
  if (fields.kind === 'free_shipping') return what;
  return `${what} ${fields.wholeOrder ? 'the order' : 'chosen items'}`;
}

/** How an audit line names a discount: its code, or its title. */
const nameOf = (title: string, code: string | null) => (code ? `code ${code}` : title);

/** POST /api/admin/discounts: answers its id. */
export async function createDiscount(
  db: Database,
  write: DiscountWrite,
  actor: AuditActor,
): Promise<string> {
  const code = write.automatic || write.bulk ? null : (write.code ?? null);
  const fields = fieldsOf(write, write.title ?? code ?? '');
  try {
    return await db.transaction(async (tx) => {
      if (code && (await discountIdOfCode(tx, code))) throw codeTaken(code);
      await checkTargets(tx, fields);
      const row = await insertDiscountRow(tx, { ...fields, automatic: write.automatic });
      if (code) await insertCode(tx, row.id, code, null);
      const kind = write.automatic
        ? 'automatic discount'
        : write.bulk
          ? 'bulk discount'
          : 'discount';
      await recordAudit(tx, actor, {
        action: 'discount.created',
        summary: `Created ${kind} ${nameOf(fields.title, code)}: ${describeRule(fields)}${fields.active ? '' : ' (inactive)'}`,
      });
      return row.id;
    });
  } catch (error) {
    if (code && isUniqueViolation(error)) throw codeTaken(code);
    throw error;
  }
}

const FIELD_LABELS: Partial<Record<keyof RuleFields, string>> = {
  title: 'title',
  kind: 'kind',
  percent: 'percent',
  amountCents: 'amount',
  maxShippingCents: 'max shipping price',
  wholeOrder: 'applies to',
  productIds: 'products',
  variantIds: 'variants',
  collectionIds: 'collections',
  minItemsCents: 'minimum items price',
  minQuantity: 'minimum quantity',
  startsAt: 'start',
  endsAt: 'end',
  usageLimit: 'usage limit',
  oncePerCustomer: 'once per customer',
  active: 'active',
};

const same = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date
    ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime()
    : Array.isArray(a) && Array.isArray(b)
      ? a.length === b.length && a.every((value, i) => value === b[i])
      : a === b;

/**
 * PUT /api/admin/discounts/:id: its rules and its code (renamed while unique). Automatic stays
 * automatic; a usage limit may not go below the uses already made; the counters are not written.
 */
export async function updateDiscount(
  db: Database,
  id: string,
  write: DiscountWrite,
  actor: AuditActor,
): Promise<void> {
  if (!isUuid(id)) throw discountNotFound();
  let renamedTo: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const current = await lockDiscount(tx, id);
      if (!current) throw discountNotFound();
      if (current.automatic !== write.automatic) throw invalid(M.automaticFixed);
      const main = current.automatic ? undefined : await findMainCode(tx, id);
      if (!current.automatic) {
        if (main && !write.code) throw invalid(M.codeKept);
        if (!main && write.code) throw invalid(M.codeOfBulk);
      }
      const code = main ? (write.code ?? main.code) : null;
      // A code discount titled by its code keeps following it when the code is renamed.
      const titledByCode = main !== undefined && current.title === main.code;
      const title =
        titledByCode && (!write.title || write.title === main.code)
          ? (code ?? current.title)
          : (write.title ?? current.title);
      const next = fieldsOf(write, title);
      if (
        next.usageLimit !== null &&
        next.usageLimit !== undefined &&
        next.usageLimit < current.usedCount
      )
        throw new AppError('conflict', M.limitBelowUses(current.usedCount));
      const changed = (Object.keys(FIELD_LABELS) as (keyof RuleFields)[]).filter(
        (field) => !same(current[field as keyof DiscountRow], next[field]),
      );
      if (main && code && code !== main.code) {
        const holder = await discountIdOfCode(tx, code);
        if (holder && holder !== id) throw codeTaken(code);
        renamedTo = code;
        await renameCode(tx, main.id, code);
      }
      if (!changed.length && !renamedTo) return;
      if (changed.some((field) => ['productIds', 'variantIds', 'collectionIds'].includes(field)))
        await checkTargets(tx, next);
      await updateDiscountRow(
        tx,
        id,
        Object.fromEntries(changed.map((field) => [field, next[field]])),
      );
      const parts = [
        ...(main && renamedTo ? [`code ${main.code} renamed ${renamedTo}`] : []),
        ...changed.map((field) => FIELD_LABELS[field]),
      ];
      await recordAudit(tx, actor, {
        action: 'discount.updated',
        summary: `Updated discount ${nameOf(title, code)}: ${parts.join(', ')}`,
      });
    });
  } catch (error) {
    if (renamedTo && isUniqueViolation(error)) throw codeTaken(renamedTo);
    throw error;
  }
}

/** POST /api/admin/discounts/:id/deactivate and /activate: audited when it changes. */
export async function setDiscountActive(
  db: Database,
  id: string,
  active: boolean,
  actor: AuditActor,
): Promise<void> {
  if (!isUuid(id)) throw discountNotFound();
  await db.transaction(async (tx) => {
    const current = await lockDiscount(tx, id);
    if (!current) throw discountNotFound();
    if (current.active === active) return;
    await updateDiscountRow(tx, id, { active });
    const main = current.automatic ? undefined : await findMainCode(tx, id);
    await recordAudit(tx, actor, {
      action: active ? 'discount.activated' : 'discount.deactivated',
      summary: `${active ? 'Activated' : 'Deactivated'} discount ${nameOf(current.title, main?.code ?? null)}`,
    });
  });
}

/** `base` with '-COPY' (then '-COPY-2', '-COPY-3'…) that is not in `taken`, within `max`. */
function copyName(base: string, max: number, taken: Set<string>): string {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '-COPY' : `-COPY-${n}`;
    const candidate = `${base.slice(0, max - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * POST /api/admin/discounts/:id/duplicate: the same rules, inactive and unused, its code (or
 * title) suffixed '-COPY'; bulk codes are not copied. Answers the copy's id.
 */
export async function duplicateDiscount(
  db: Database,
  id: string,
  actor: AuditActor,
): Promise<string> {
  if (!isUuid(id)) throw discountNotFound();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const current = await lockDiscount(tx, id);
        if (!current) throw discountNotFound();
        const main = current.automatic ? undefined : await findMainCode(tx, id);
        let code: string | null = null;
        if (main) {
          const stem = main.code.slice(0, MAX_CODE_LENGTH - 10);
          code = copyName(main.code, MAX_CODE_LENGTH, new Set(await codesLike(tx, stem)));
        }
        const title =
          main && current.title === main.code && code
            ? code
            : copyName(
                current.title,
                MAX_DISCOUNT_TITLE_LENGTH,
                new Set(
                  await titlesLike(tx, current.title.slice(0, MAX_DISCOUNT_TITLE_LENGTH - 10)),
                ),
              );
        // The copy drops its id, counters and dates.
        const {
          id: _id,
          usedCount: _used,
          createdAt: _created,
          updatedAt: _updated,
          ...rules
        } = current;
        const row = await insertDiscountRow(tx, { ...rules, title, active: false });
        if (code) await insertCode(tx, row.id, code, null);
        await recordAudit(tx, actor, {
          action: 'discount.duplicated',
          summary: `Duplicated discount ${nameOf(current.title, main?.code ?? null)} as ${nameOf(title, code)} (inactive)`,
        });
        return row.id;
      });
    } catch (error) {
      // Another write took the copy's code between the look-up and the insert: look again.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/** One random code: the prefix, a dash and letters and digits from the unambiguous alphabet. */
export function randomCode(prefix: string | undefined): string {
  // 32 symbols: each byte's low five bits pick one evenly.
  const bytes = randomBytes(BULK_CODE_RANDOM_LENGTH);
  let random = '';
  for (const byte of bytes) random += BULK_CODE_ALPHABET[byte & 31];
  return prefix ? `${prefix}-${random}` : random;
}

/**
 * POST /api/admin/discounts/:id/codes: `count` new single-use codes in one transaction. A code
 * that happens to exist already (50 random bits: with a million codes in the shop, about one
 * draw in 10^9) is skipped by the insert and drawn again. `draw` is for tests.
 */
export async function generateCodes(
  db: Database,
  id: string,
  request: BulkCodesRequest,
  actor: AuditActor,
  draw: (prefix: string | undefined) => string = randomCode,
): Promise<number> {
  if (!isUuid(id)) throw discountNotFound();
  return db.transaction(async (tx) => {
    const current = await lockDiscount(tx, id);
    if (!current) throw discountNotFound();
    if (current.automatic) throw new AppError('conflict', M.noCodesForAutomatic);
    let written = 0;
    for (let round = 0; written < request.count; round += 1) {
      if (round >= 10) throw new Error('could not draw free codes');
      const drawn = new Set<string>();
      while (drawn.size < request.count - written) drawn.add(draw(request.prefix));
      written += (await insertSingleUseCodes(tx, id, [...drawn])).length;
    }
    const main = await findMainCode(tx, id);
    await recordAudit(tx, actor, {
      action: 'discount.codes_generated',
      summary: `Generated ${written} single-use ${written === 1 ? 'code' : 'codes'}${request.prefix ? ` (prefix ${request.prefix})` : ''} for discount ${nameOf(current.title, main?.code ?? null)}`,
    });
    return written;
  });
}

/** GET /api/admin/discounts/:id/codes.csv: its single-use codes and whether each was used. */
export async function bulkCodesCsv(db: Executor, id: string): Promise<Readable> {
  const row = isUuid(id) ? await findDiscountRow(db, id) : undefined;
  if (!row) throw discountNotFound();
  const codes = await singleUseCodes(db, id);
  const csv = stringify({ header: true, columns: [...BULK_CODES_CSV_COLUMNS] });
  Readable.from(
    codes.map((code) => ({ Code: code.code, Used: code.usedCount > 0 ? 'yes' : 'no' })),
  ).pipe(csv);
  return csv;
}

/** GET /api/admin/discounts/:id/report */
export async function discountReport(db: Executor, id: string): Promise<DiscountReport> {
  const row = isUuid(id) ? await findDiscountRow(db, id) : undefined;
  if (!row) throw discountNotFound();
  const [uses, figures] = await Promise.all([finalUses(db, id), reportFigures(db, id)]);
  return {
    uses,
    orders: figures.orders,
    itemsSold: figures.itemsSold,
    revenueAfterDiscount: figures.revenueAfterDiscountCents / 100,
    totalDiscounted: figures.totalDiscountedCents / 100,
    refunded: figures.refundedCents / 100,
  };
}
