import { ALL_COUNTRIES, countryName, usStateCodeOf } from '@shop/shared/countries';
import { formatPrice, toCents, toDollars } from '@shop/shared/money';
import {
  MAX_RATES_PER_ZONE,
  MAX_TAX_RATES,
  MAX_ZONES,
  type ShipToCountries,
  type ShippingRateWrite,
  type ShippingSettings,
  type ShippingZoneWrite,
  type TaxRateWrite,
  type TaxSettingsWrite,
} from '@shop/shared/shipping-settings';
import {
  SPEC_CHARGE_SETTINGS,
  formatTaxRate,
  type ChargeSettings,
  type ShippingRate,
} from '@shop/shared/shipping';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/database-errors';
import { AppError, notFound } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { recordAudit, type AuditActor } from '../audit/service';
import {
  countRatesOf,
  deleteRate,
  deleteTaxRate,
  deleteZone,
  findZone,
  insertRate,
  insertZone,
  lockSettings,
  otherZones,
  readSettingsRows,
  updateRate,
  updateZone,
  upsertTaxRate,
  upsertTaxSettings,
  type RateFields,
  type RateRow,
} from './repository';

/** The owner's shipping zones and rates and tax settings (decision 041). */

const zoneNotFound = () => notFound('Shipping zone not found');
const rateNotFound = () => notFound('Shipping rate not found');

function toRule(row: RateRow): ShippingRate {
  return {
    id: row.id,
    name: row.name,
    priceCents: row.priceCents,
    freeFromCents: row.freeFromCents,
    minWeightGrams: row.minWeightGrams,
    maxWeightGrams: row.maxWeightGrams,
  };
}

/** The settings as the rules of packages/shared/shipping take them. */
export async function readChargeSettings(db: Executor): Promise<ChargeSettings> {
  return chargeSettingsOf(await readSettingsRows(db));
}

/**
 * How long a process charges checkouts and quotes with the settings it read (decision 055): a
 * write through this process drops them at once, another process's write shows within this.
 */
export const CHARGE_SETTINGS_TTL_MS = 1000;

/** One entry per database handle (the app's; a transaction's goes with it). */
const chargeSettingsCache = new WeakMap<
  Executor,
  { settings: Promise<ChargeSettings>; until: number }
>();

/** readChargeSettings, read at most once a CHARGE_SETTINGS_TTL_MS per database handle. */
export function cachedChargeSettings(db: Executor): Promise<ChargeSettings> {
  const cached = chargeSettingsCache.get(db);
  if (cached && cached.until > Date.now()) return cached.settings;
  const settings = readChargeSettings(db);
  const entry = { settings, until: Date.now() + CHARGE_SETTINGS_TTL_MS };
  chargeSettingsCache.set(db, entry);
  // A failed read is not remembered.
  settings.catch(() => {
    if (chargeSettingsCache.get(db) === entry) chargeSettingsCache.delete(db);
  });
  return settings;
}

function chargeSettingsOf(rows: Awaited<ReturnType<typeof readSettingsRows>>): ChargeSettings {
  return {
    zones: rows.zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      countries: zone.countries,
      everywhereElse: zone.everywhereElse,
      rates: rows.rates.filter((rate) => rate.zoneId === zone.id).map(toRule),
    })),
    tax: {
      // A database without the settings row (never after the migration) charges the spec's.
      defaultRateBp: rows.tax?.defaultRateBp ?? SPEC_CHARGE_SETTINGS.tax.defaultRateBp,
      taxShipping: rows.tax?.taxShipping ?? false,
      rates: rows.taxRates.map((rate) => ({
        country: rate.country,
        state: rate.state || null,
        rateBp: rate.rateBp,
      })),
    },
  };
}

/** GET /api/admin/shipping-settings, and the answer of every write. */
export async function readShippingSettings(db: Executor): Promise<ShippingSettings> {
  const rows = await readSettingsRows(db);
  const settings = chargeSettingsOf(rows);
  return {
    zones: settings.zones.map((zone) => ({
      _id: zone.id,
      name: zone.name,
      countries: zone.countries.map((code) => ({ code, name: countryName(code) })),
      everywhereElse: zone.everywhereElse,
      rates: zone.rates.map((rate) => ({
        _id: rate.id,
        name: rate.name,
        price: toDollars(rate.priceCents),
        freeFrom: rate.freeFromCents === null ? null : toDollars(rate.freeFromCents),
        minWeightGrams: rate.minWeightGrams,
        maxWeightGrams: rate.maxWeightGrams,
      })),
    })),
    tax: {
      defaultRate: settings.tax.defaultRateBp / 100,
      taxShipping: settings.tax.taxShipping,
      rates: rows.taxRates.map((rate) => ({
        _id: rate.id,
        country: rate.country,
        countryName: countryName(rate.country),
        state: rate.state || null,
        rate: rate.rateBp / 100,
      })),
    },
  };
}

/** GET /api/shipping/countries: every country when a zone covers everywhere else. */
export async function shipToCountries(db: Executor): Promise<ShipToCountries> {
  const { zones } = await readChargeSettings(db);
  const shipping = zones.filter((zone) => zone.rates.length > 0);
  if (shipping.some((zone) => zone.everywhereElse)) return { countries: [...ALL_COUNTRIES] };
  const codes = new Set(shipping.flatMap((zone) => zone.countries));
  return { countries: ALL_COUNTRIES.filter((country) => codes.has(country.code)) };
}

/** A write to the settings: one transaction under the settings' lock, with its audit row. */
async function writeSettings(
  db: Database,
  actor: AuditActor,
  write: (tx: Executor) => Promise<string>,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await lockSettings(tx);
      const summary = await write(tx);
      await recordAudit(tx, actor, { action: 'settings.shipping', summary });
    });
  } finally {
    // After the commit: a read begun before it is not kept either.
    chargeSettingsCache.delete(db);
  }
}

/** A country is in one zone at most; one zone at most covers everywhere else. */
async function checkZone(tx: Executor, zone: ShippingZoneWrite, exceptId: string | null) {
  const others = await otherZones(tx, exceptId);
  if (!exceptId && others.length >= MAX_ZONES)
    throw new AppError('invalid', `A shop has at most ${MAX_ZONES} shipping zones`);
  if (zone.everywhereElse) {
    const rest = others.find((other) => other.everywhereElse);
    if (rest) throw new AppError('conflict', `Zone ${rest.name} already covers everywhere else`);
  }
  for (const other of others) {
    const taken = zone.countries.find((code) => other.countries.includes(code));
    if (taken)
      throw new AppError('conflict', `${countryName(taken)} is already in zone ${other.name}`);
  }
}

const zoneFields = (zone: ShippingZoneWrite) => ({
  name: zone.name,
  countries: [...new Set(zone.countries)],
  everywhereElse: zone.everywhereElse,
});

export async function createZone(db: Database, zone: ShippingZoneWrite, actor: AuditActor) {
  await writeSettings(db, actor, async (tx) => {
    await checkZone(tx, zone, null);
    await insertZone(tx, zoneFields(zone));
    return `Added shipping zone ${zone.name}`;
  }).catch(rethrowEverywhereElse);
}

export async function editZone(
  db: Database,
  id: string,
  zone: ShippingZoneWrite,
  actor: AuditActor,
) {
  if (!isUuid(id)) throw zoneNotFound();
  await writeSettings(db, actor, async (tx) => {
    await checkZone(tx, zone, id);
    if (!(await updateZone(tx, id, zoneFields(zone)))) throw zoneNotFound();
    return `Changed shipping zone ${zone.name}`;
  }).catch(rethrowEverywhereElse);
}

/** Two writes racing past the check meet the unique index: the same answer as the check's. */
function rethrowEverywhereElse(error: unknown): never {
  if (isUniqueViolation(error))
    throw new AppError('conflict', 'Another zone already covers everywhere else');
  throw error;
}

export async function removeZone(db: Database, id: string, actor: AuditActor) {
  if (!isUuid(id)) throw zoneNotFound();
  await writeSettings(db, actor, async (tx) => {
    const zone = await deleteZone(tx, id);
    if (!zone) throw zoneNotFound();
    return `Deleted shipping zone ${zone.name}`;
  });
}

function rateFields(rate: ShippingRateWrite): RateFields {
  return {
    name: rate.name,
    priceCents: toCents(rate.price),
    freeFromCents: rate.freeFrom === null ? null : toCents(rate.freeFrom),
    minWeightGrams: rate.minWeightGrams,
    maxWeightGrams: rate.maxWeightGrams,
  };
}

const rateSummary = (rate: ShippingRateWrite) =>
  `${rate.name} ${formatPrice(toCents(rate.price))}` +
  (rate.freeFrom === null ? '' : `, free from ${formatPrice(toCents(rate.freeFrom))}`);

export async function createRate(
  db: Database,
  zoneId: string,
  rate: ShippingRateWrite,
  actor: AuditActor,
) {
  if (!isUuid(zoneId)) throw zoneNotFound();
  await writeSettings(db, actor, async (tx) => {
    const zone = await findZone(tx, zoneId);
    if (!zone) throw zoneNotFound();
    if ((await countRatesOf(tx, zoneId)) >= MAX_RATES_PER_ZONE)
      throw new AppError('invalid', `A zone has at most ${MAX_RATES_PER_ZONE} rates`);
    await insertRate(tx, zoneId, rateFields(rate));
    return `Added shipping rate ${rateSummary(rate)} to ${zone.name}`;
  });
}

export async function editRate(
  db: Database,
  id: string,
  rate: ShippingRateWrite,
  actor: AuditActor,
) {
  if (!isUuid(id)) throw rateNotFound();
  await writeSettings(db, actor, async (tx) => {
    if (!(await updateRate(tx, id, rateFields(rate)))) throw rateNotFound();
    return `Changed shipping rate to ${rateSummary(rate)}`;
  });
}

export async function removeRate(db: Database, id: string, actor: AuditActor) {
  if (!isUuid(id)) throw rateNotFound();
  await writeSettings(db, actor, async (tx) => {
    const rate = await deleteRate(tx, id);
    if (!rate) throw rateNotFound();
    return `Deleted shipping rate ${rate.name}`;
  });
}

export async function setTaxSettings(db: Database, tax: TaxSettingsWrite, actor: AuditActor) {
  const defaultRateBp = toCents(tax.defaultRate);
  await writeSettings(db, actor, async (tx) => {
    await upsertTaxSettings(tx, { defaultRateBp, taxShipping: tax.taxShipping });
    return `Tax ${formatTaxRate(defaultRateBp)} by default, shipping ${tax.taxShipping ? 'taxed' : 'untaxed'}`;
  });
}

export async function setTaxRate(db: Database, rate: TaxRateWrite, actor: AuditActor) {
  const state = rate.state ? (usStateCodeOf(rate.state) ?? '') : '';
  const rateBp = toCents(rate.rate);
  const place = state ? `${state}, ${countryName(rate.country)}` : countryName(rate.country);
  await writeSettings(db, actor, async (tx) => {
    const { taxRates } = await readSettingsRows(tx);
    const isNew = !taxRates.some((r) => r.country === rate.country && r.state === state);
    if (isNew && taxRates.length >= MAX_TAX_RATES)
      throw new AppError('invalid', `A shop has at most ${MAX_TAX_RATES} tax rates`);
    await upsertTaxRate(tx, { country: rate.country, state, rateBp });
    return `Tax ${formatTaxRate(rateBp)} in ${place}`;
  });
}

export async function removeTaxRate(db: Database, id: string, actor: AuditActor) {
  if (!isUuid(id)) throw notFound('Tax rate not found');
  await writeSettings(db, actor, async (tx) => {
    const rate = await deleteTaxRate(tx, id);
    if (!rate) throw notFound('Tax rate not found');
    return `Deleted the tax rate of ${rate.state ? `${rate.state}, ` : ''}${countryName(rate.country)}`;
  });
}
