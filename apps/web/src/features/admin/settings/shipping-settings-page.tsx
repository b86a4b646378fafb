import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import * as z from 'zod/mini';
import { formatPrice, toCents } from '@shop/shared/money';
import {
  shippingRateWriteSchema,
  shippingZoneWriteSchema,
  taxRateWriteSchema,
  taxSettingsWriteSchema,
  type ShippingSettings,
} from '@shop/shared/shipping-settings';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import {
  useAddRateMutation,
  useAddZoneMutation,
  useDeleteRateMutation,
  useDeleteTaxRateMutation,
  useDeleteZoneMutation,
  useEditRateMutation,
  useEditZoneMutation,
  useGetShippingSettingsQuery,
  useSetTaxRateMutation,
  useSetTaxSettingsMutation,
} from '../api/shipping-settings-api';
import { ActionDialog } from '../components/action-dialog';
import { AdminTable, cellClass, wrappingCellClass } from '../components/admin-table';
import { QueryState } from '../components/query-state';
import { useIsOwner } from '../hooks/use-back-office-session';

type Zone = ShippingSettings['zones'][number];
type Rate = Zone['rates'][number];

/** A mutation's outcome as ActionDialog takes it: null when it worked, else the message. */
async function outcome(result: { error?: unknown }, done: string): Promise<string | null> {
  if ('error' in result && result.error) return errorMessage(result.error);
  notify(done, 'success');
  return null;
}

/** A schema's parsed value, or its first message. */
function parse<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
): { data: z.output<S> } | { problem: string } {
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return { data: parsed.data };
  return { problem: parsed.error.issues[0]?.message ?? 'Please check the fields' };
}

/** '' is no value; anything else is read as a number (the schema says what is wrong with it). */
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

const money = (dollars: number) => formatPrice(toCents(dollars));

function weightOf(rate: Rate): string {
  const { minWeightGrams: min, maxWeightGrams: max } = rate;
  if (min === null && max === null) return 'Any';
  if (min === null) return `Up to ${max} g`;
  if (max === null) return `From ${min} g`;
  return `${min}–${max} g`;
}

/** Add or edit a zone: its name, its countries, or every country no other zone lists. */
function ZoneDialog({ zone }: { zone?: Zone }) {
  const id = useId();
  const [addZone, adding] = useAddZoneMutation();
  const [editZone, editing] = useEditZoneMutation();
  const start = () => ({
    name: zone?.name ?? '',
    countries: zone?.countries.map((country) => country.code).join(', ') ?? '',
    everywhereElse: zone?.everywhereElse ?? false,
  });
  const [fields, setFields] = useState(start);
  return (
    <ActionDialog
      triggerLabel={zone ? 'Edit zone' : 'Add zone'}
      triggerAriaLabel={zone ? `Edit zone ${zone.name}` : undefined}
      triggerVariant={zone ? 'ghost' : 'primary'}
      title={zone ? `Edit zone ${zone.name}` : 'Add a shipping zone'}
      description={<p>A zone is a set of countries that share shipping rates.</p>}
      confirmLabel={zone ? 'Save zone' : 'Add zone'}
      busy={adding.isLoading || editing.isLoading}
      onOpen={() => setFields(start())}
      onConfirm={async () => {
        const parsed = parse(shippingZoneWriteSchema, {
          name: fields.name,
          countries: fields.countries
            .split(',')
            .map((country) => country.trim())
            .filter(Boolean),
          everywhereElse: fields.everywhereElse,
        });
        if ('problem' in parsed) return parsed.problem;
        const data = parsed.data;
        return zone
          ? outcome(await editZone({ zoneId: zone._id, zone: data }), `Zone ${data.name} saved`)
          : outcome(await addZone(data), `Zone ${data.name} added`);
      }}
    >
      <TextField
        id={`${id}-name`}
        label="Zone name"
        autoComplete="off"
        value={fields.name}
        onChange={(event) => setFields({ ...fields, name: event.target.value })}
      />
      <TextField
        id={`${id}-countries`}
        label="Countries"
        hint="Codes or English names, separated by commas: US, Canada, MEX"
        autoComplete="off"
        value={fields.countries}
        onChange={(event) => setFields({ ...fields, countries: event.target.value })}
      />
      <label className="flex items-center gap-3 text-sm font-semibold">
        <input
          type="checkbox"
          className="size-5 accent-terracotta-700"
          checked={fields.everywhereElse}
          onChange={(event) => setFields({ ...fields, everywhereElse: event.target.checked })}
        />
        Also every country no other zone lists
      </label>
    </ActionDialog>
  );
}

/** Add a rate to a zone, or edit one. */
function RateDialog({ zone, rate }: { zone: Zone; rate?: Rate }) {
  const id = useId();
  const [addRate, adding] = useAddRateMutation();
  const [editRate, editing] = useEditRateMutation();
  const text = (value: number | null | undefined) => (value == null ? '' : String(value));
  const start = () => ({
    name: rate?.name ?? '',
    price: text(rate?.price),
    freeFrom: text(rate?.freeFrom),
    minWeightGrams: text(rate?.minWeightGrams),
    maxWeightGrams: text(rate?.maxWeightGrams),
  });
  const [fields, setFields] = useState(start);
  const field = (name: keyof typeof fields, label: string, hint?: string) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      hint={hint}
      autoComplete="off"
      inputMode={name === 'name' ? undefined : 'decimal'}
      value={fields[name]}
      onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
    />
  );
  return (
    <ActionDialog
      triggerLabel={rate ? 'Edit' : 'Add rate'}
      triggerAriaLabel={
        rate ? `Edit rate ${rate.name} of ${zone.name}` : `Add a rate to ${zone.name}`
      }
      triggerVariant={rate ? 'ghost' : 'secondary'}
      title={rate ? `Edit rate ${rate.name}` : `Add a rate to ${zone.name}`}
      description={<p>What a shopper in {zone.name} pays for this way of shipping.</p>}
      confirmLabel={rate ? 'Save rate' : 'Add rate'}
      busy={adding.isLoading || editing.isLoading}
      onOpen={() => setFields(start())}
      onConfirm={async () => {
        const parsed = parse(shippingRateWriteSchema, {
          name: fields.name,
          price: fields.price.trim() === '' ? undefined : Number(fields.price),
          freeFrom: numberOrNull(fields.freeFrom),
          minWeightGrams: numberOrNull(fields.minWeightGrams),
          maxWeightGrams: numberOrNull(fields.maxWeightGrams),
        });
        if ('problem' in parsed) return parsed.problem;
        const data = parsed.data;
        return rate
          ? outcome(await editRate({ rateId: rate._id, rate: data }), `Rate ${data.name} saved`)
          : outcome(await addRate({ zoneId: zone._id, rate: data }), `Rate ${data.name} added`);
      }}
    >
      {field('name', 'Rate name', 'Such as Standard or Express')}
      {field('price', 'Price ($)')}
      {field('freeFrom', 'Free from ($)', 'Items total from which it costs nothing; blank: never')}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('minWeightGrams', 'Minimum weight (g)', 'Blank: no minimum')}
        {field('maxWeightGrams', 'Maximum weight (g)', 'Blank: no maximum')}
      </div>
    </ActionDialog>
  );
}

/** A delete behind a dialog that says what goes. */
function DeleteDialog({
  label,
  what,
  remove,
}: {
  label: string;
  what: string;
  remove: () => Promise<{ error?: unknown }>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <ActionDialog
      triggerLabel="Delete"
      triggerAriaLabel={label}
      triggerVariant="ghost"
      title={label}
      description={<p>{what}</p>}
      confirmLabel="Delete"
      busy={busy}
      onConfirm={async () => {
        setBusy(true);
        const result = await remove();
        setBusy(false);
        return outcome(result, 'Deleted');
      }}
    />
  );
}

function ZoneSection({ zone }: { zone: Zone }) {
  const [deleteZone] = useDeleteZoneMutation();
  const [deleteRate] = useDeleteRateMutation();
  const countries = zone.countries.map((country) => country.name).join(', ');
  return (
    <section
      aria-labelledby={`zone-${zone._id}`}
      className="rounded-2xl border border-sand-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`zone-${zone._id}`} className="text-lg font-semibold">
            {zone.name}
          </h3>
          <p className="mt-1 text-sm text-ink-muted">
            {[countries, zone.everywhereElse ? 'every country no other zone lists' : '']
              .filter(Boolean)
              .join('; and ')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <RateDialog zone={zone} />
          <ZoneDialog zone={zone} />
          <DeleteDialog
            label={`Delete zone ${zone.name}`}
            what={`${zone.name} and its rates go; its countries are no longer shipped to unless another zone covers them.`}
            remove={() => deleteZone(zone._id)}
          />
        </div>
      </div>
      {zone.rates.length === 0 ? (
        <Alert variant="info" className="mt-4">
          No rates yet: addresses in this zone cannot check out.
        </Alert>
      ) : (
        <div className="mt-4">
          <AdminTable
            caption={`Rates of ${zone.name}`}
            columns={['Rate', 'Price', 'Free from', 'Order weight', 'Actions']}
            rightAligned={['Price', 'Free from']}
          >
            {zone.rates.map((rate) => (
              <tr key={rate._id}>
                <th scope="row" className={`${wrappingCellClass} min-w-32 font-semibold`}>
                  {rate.name}
                </th>
                <td className={`${cellClass} text-right tabular-nums`}>{money(rate.price)}</td>
                <td className={`${cellClass} text-right tabular-nums`}>
                  {rate.freeFrom === null ? '—' : money(rate.freeFrom)}
                </td>
                <td className={cellClass}>{weightOf(rate)}</td>
                <td className={cellClass}>
                  <div className="flex gap-2">
                    <RateDialog zone={zone} rate={rate} />
                    <DeleteDialog
                      label={`Delete rate ${rate.name} of ${zone.name}`}
                      what={`Shoppers in ${zone.name} can no longer pick ${rate.name}. Orders already placed keep what they paid.`}
                      remove={() => deleteRate(rate._id)}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        </div>
      )}
    </section>
  );
}

/** The default rate and whether shipping is taxed. */
function TaxDefaults({ tax }: { tax: ShippingSettings['tax'] }) {
  const id = useId();
  const [save, { isLoading }] = useSetTaxSettingsMutation();
  const [fields, setFields] = useState({
    defaultRate: String(tax.defaultRate),
    taxShipping: tax.taxShipping,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const parsed = parse(taxSettingsWriteSchema, {
      defaultRate: fields.defaultRate.trim() === '' ? undefined : Number(fields.defaultRate),
      taxShipping: fields.taxShipping,
    });
    if ('problem' in parsed) return setProblem(parsed.problem);
    setProblem(await outcome(await save(parsed.data), 'Tax saved'));
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Default tax"
      className="flex flex-col gap-4 md:flex-row md:items-end"
    >
      <TextField
        id={`${id}-rate`}
        label="Default tax rate (%)"
        hint="Where no country or state rate applies"
        inputMode="decimal"
        className="md:w-64"
        value={fields.defaultRate}
        onChange={(event) => setFields({ ...fields, defaultRate: event.target.value })}
      />
      <label className="flex min-h-11 items-center gap-3 text-sm font-semibold">
        <input
          type="checkbox"
          className="size-5 accent-terracotta-700"
          checked={fields.taxShipping}
          onChange={(event) => setFields({ ...fields, taxShipping: event.target.checked })}
        />
        Tax shipping too
      </label>
      <Button type="submit" aria-disabled={isLoading || undefined}>
        {isLoading ? 'Saving…' : 'Save tax'}
      </Button>
      {problem && <Alert variant="danger">{problem}</Alert>}
    </form>
  );
}

/** Set the rate of a country, or of a US state. */
function TaxRateDialog() {
  const id = useId();
  const [setTaxRate, { isLoading }] = useSetTaxRateMutation();
  const [fields, setFields] = useState({ country: '', state: '', rate: '' });
  return (
    <ActionDialog
      triggerLabel="Set a country or state rate"
      triggerVariant="secondary"
      title="Set a tax rate"
      description={
        <p>For a country, or for one US state (Texas, TX). It replaces one set before.</p>
      }
      confirmLabel="Set rate"
      busy={isLoading}
      onOpen={() => setFields({ country: '', state: '', rate: '' })}
      onConfirm={async () => {
        const parsed = parse(taxRateWriteSchema, {
          country: fields.country,
          state: fields.state.trim() || null,
          rate: fields.rate.trim() === '' ? undefined : Number(fields.rate),
        });
        if ('problem' in parsed) return parsed.problem;
        return outcome(await setTaxRate(parsed.data), 'Tax rate set');
      }}
    >
      <TextField
        id={`${id}-country`}
        label="Country"
        hint="Code or English name"
        autoComplete="off"
        value={fields.country}
        onChange={(event) => setFields({ ...fields, country: event.target.value })}
      />
      <TextField
        id={`${id}-state`}
        label="US state (optional)"
        autoComplete="off"
        value={fields.state}
        onChange={(event) => setFields({ ...fields, state: event.target.value })}
      />
      <TextField
        id={`${id}-rate`}
        label="Tax rate (%)"
        inputMode="decimal"
        autoComplete="off"
        value={fields.rate}
        onChange={(event) => setFields({ ...fields, rate: event.target.value })}
      />
    </ActionDialog>
  );
}

function TaxSection({ tax }: { tax: ShippingSettings['tax'] }) {
  const [deleteTaxRate] = useDeleteTaxRateMutation();
  return (
    <section
      aria-labelledby="tax-heading"
      className="rounded-2xl border border-sand-200 bg-white p-5"
    >
      <h2 id="tax-heading" className="font-display text-2xl font-semibold">
        Tax
      </h2>
      <div className="mt-4">
        <TaxDefaults key={`${tax.defaultRate}-${tax.taxShipping}`} tax={tax} />
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold">Rates by country and state</h3>
        <TaxRateDialog />
      </div>
      {tax.rates.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">None: every address pays the default rate.</p>
      ) : (
        <div className="mt-3">
          <AdminTable
            caption="Tax rates by country and state"
            columns={['Place', 'Rate', 'Actions']}
          >
            {tax.rates.map((rate) => {
              const place = rate.state ? `${rate.state}, ${rate.countryName}` : rate.countryName;
              return (
                <tr key={rate._id}>
                  <th scope="row" className={`${wrappingCellClass} min-w-40 font-semibold`}>
                    {place}
                  </th>
                  <td className={`${cellClass} tabular-nums`}>{rate.rate}%</td>
                  <td className={cellClass}>
                    <DeleteDialog
                      label={`Delete the tax rate of ${place}`}
                      what={`${place} pays the default rate again.`}
                      remove={() => deleteTaxRate(rate._id)}
                    />
                  </td>
                </tr>
              );
            })}
          </AdminTable>
        </div>
      )}
    </section>
  );
}

function Settings() {
  const { data, isLoading, error, refetch } = useGetShippingSettingsQuery();
  return (
    <QueryState
      isLoading={isLoading}
      error={error}
      loadingLabel="Loading the shipping and tax settings…"
      onRetry={refetch}
    >
      {data && (
        <div className="flex flex-col gap-8">
          <section aria-labelledby="shipping-heading" className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="shipping-heading" className="font-display text-2xl font-semibold">
                Shipping zones
              </h2>
              <ZoneDialog />
            </div>
            {data.zones.length === 0 && (
              <Alert variant="warning">No zones: the shop ships nowhere.</Alert>
            )}
            {data.zones.map((zone) => (
              <ZoneSection key={zone._id} zone={zone} />
            ))}
          </section>
          <TaxSection tax={data.tax} />
        </div>
      )}
    </QueryState>
  );
}

/** /admin/settings/shipping (owner): shipping zones and rates, and tax. */
export default function ShippingSettingsPage() {
  const isOwner = useIsOwner();
  return (
    <>
      <PageHeader title="Shipping and tax">
        What shoppers pay for shipping and tax. Orders already placed keep what they were charged.
      </PageHeader>
      {isOwner ? (
        <Settings />
      ) : (
        <Alert variant="info">Only the shop’s owner can change shipping and tax.</Alert>
      )}
    </>
  );
}
