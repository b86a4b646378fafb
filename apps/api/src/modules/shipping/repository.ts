import { eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowOfTable, rowsOf } from '../../db/rows';
import { shippingRates, shippingZones, taxRates, taxSettings } from '../../db/schema';

/** The shipping and tax settings' SQL (decision 041). */

type Raw = Record<string, unknown>;

export type ZoneRow = typeof shippingZones.$inferSelect;
export type RateRow = typeof shippingRates.$inferSelect;
export type TaxRateRow = typeof taxRates.$inferSelect;
export type ZoneFields = Pick<ZoneRow, 'name' | 'countries' | 'everywhereElse'>;
export type RateFields = Pick<
  RateRow,
  'name' | 'priceCents' | 'freeFromCents' | 'minWeightGrams' | 'maxWeightGrams'
>;

/** Zones oldest first (a country in two zones cannot be: the service refuses it), rates by position. */
export async function readSettingsRows(db: Executor) {
  // One statement, one round trip (each checkout reads them; decision 055).
  const [row] = rowsOf<Record<'zones' | 'rates' | 'taxRates', Raw[]> & { tax: Raw | null }>(
    await db.execute(sql`select
      (select coalesce(json_agg(z order by z.created_at, z.id), '[]'::json)
        from ${shippingZones} z) as "zones",
      (select coalesce(json_agg(r order by r.position, r.created_at, r.id), '[]'::json)
        from ${shippingRates} r) as "rates",
      (select row_to_json(t) from ${taxSettings} t where t.id = 1) as "tax",
      (select coalesce(json_agg(x order by x.country, x.state), '[]'::json)
        from ${taxRates} x) as "taxRates"`),
  );
  return {
    zones: (row?.zones ?? []).map((raw) => rowOfTable(shippingZones, raw)),
    rates: (row?.rates ?? []).map((raw) => rowOfTable(shippingRates, raw)),
    tax: row?.tax ? rowOfTable(taxSettings, row.tax) : undefined,
    taxRates: (row?.taxRates ?? []).map((raw) => rowOfTable(taxRates, raw)),
  };
}

/**
 * Writes to the settings take one lock, so two owners' writes cannot both pass the checks that
 * span rows (a country in one zone, one 'everywhere else' zone).
 */
export async function lockSettings(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shipping-settings'))`);
}

export async function findZone(db: Executor, id: string): Promise<ZoneRow | undefined> {
  const [row] = await db.select().from(shippingZones).where(eq(shippingZones.id, id));
  return row;
}

/** The other zones (all but `exceptId`), to check a zone's countries against. */
export async function otherZones(db: Executor, exceptId: string | null): Promise<ZoneRow[]> {
  const query = db.select().from(shippingZones);
  return exceptId ? query.where(ne(shippingZones.id, exceptId)) : query;
}

export async function insertZone(db: Executor, fields: ZoneFields): Promise<string> {
  const [row] = await db.insert(shippingZones).values(fields).returning({ id: shippingZones.id });
  return row!.id;
}

export async function updateZone(db: Executor, id: string, fields: ZoneFields): Promise<boolean> {
  const rows = await db
    .update(shippingZones)
    .set(fields)
    .where(eq(shippingZones.id, id))
    .returning({ id: shippingZones.id });
  return rows.length > 0;
}

/** Its rates go with it (cascade). */
export async function deleteZone(db: Executor, id: string): Promise<ZoneRow | undefined> {
  const [row] = await db.delete(shippingZones).where(eq(shippingZones.id, id)).returning();
  return row;
}

export async function countRatesOf(db: Executor, zoneId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(shippingRates)
    .where(eq(shippingRates.zoneId, zoneId));
  return row?.count ?? 0;
}

/** A new rate comes last in its zone. */
export async function insertRate(
  db: Executor,
  zoneId: string,
  fields: RateFields,
): Promise<string> {
  const [row] = await db
    .insert(shippingRates)
    .values({
      ...fields,
      zoneId,
      position: sql`(select coalesce(max(${shippingRates.position}) + 1, 0) from ${shippingRates} where ${shippingRates.zoneId} = ${zoneId})`,
    })
    .returning({ id: shippingRates.id });
  return row!.id;
}

export async function updateRate(db: Executor, id: string, fields: RateFields): Promise<boolean> {
  const rows = await db
    .update(shippingRates)
    .set(fields)
    .where(eq(shippingRates.id, id))
    .returning({ id: shippingRates.id });
  return rows.length > 0;
}

export async function deleteRate(db: Executor, id: string): Promise<RateRow | undefined> {
  const [row] = await db.delete(shippingRates).where(eq(shippingRates.id, id)).returning();
  return row;
}

export async function upsertTaxSettings(
  db: Executor,
  fields: { defaultRateBp: number; taxShipping: boolean },
): Promise<void> {
  await db
    .insert(taxSettings)
    .values({ id: 1, ...fields })
    .onConflictDoUpdate({ target: taxSettings.id, set: fields });
}

/** Sets the rate of a country ('' state) or of a US state, new or not. */
export async function upsertTaxRate(
  db: Executor,
  fields: { country: string; state: string; rateBp: number },
): Promise<void> {
  await db
    .insert(taxRates)
    .values(fields)
    .onConflictDoUpdate({
      target: [taxRates.country, taxRates.state],
      set: { rateBp: fields.rateBp },
    });
}

export async function deleteTaxRate(db: Executor, id: string): Promise<TaxRateRow | undefined> {
  const [row] = await db.delete(taxRates).where(eq(taxRates.id, id)).returning();
  return row;
}
