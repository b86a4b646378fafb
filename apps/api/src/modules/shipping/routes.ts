import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responses } from '@shop/shared/responses';
import {
  idParams,
  shipToCountriesSchema,
  shippingQuoteQuerySchema,
  shippingQuoteSchema,
  shippingRateWriteSchema,
  shippingSettingsSchema,
  shippingZoneWriteSchema,
  taxRateWriteSchema,
  taxSettingsWriteSchema,
} from '@shop/shared/shipping-settings';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { quoteCheckout } from '../../flows/checkout';
import type { Authenticator } from '../accounts/authenticator';
import type { AuditActor } from '../audit/service';
import { backOfficeActor } from '../back-office/actor';
import {
  createRate,
  createZone,
  editRate,
  editZone,
  readShippingSettings,
  removeRate,
  removeTaxRate,
  removeZone,
  setTaxRate,
  setTaxSettings,
  shipToCountries,
} from './service';

/**
 * The storefront's ship-to countries and quote, and the back office's shipping and tax settings
 * (decision 041): the owner's alone, every write audited; each write answers the settings.
 */
export const shippingRoutes: FastifyPluginAsyncZod<{ db: Database; auth: Authenticator }> = async (
  app,
  { db, auth },
) => {
  app.get(
    '/api/shipping/countries',
    { schema: { response: responses({ 200: shipToCountriesSchema }) } },
    async () => shipToCountries(db),
  );

  app.get(
    '/api/shipping/quote',
    {
      schema: {
        querystring: shippingQuoteQuerySchema,
        response: responses({ 200: shippingQuoteSchema }),
      },
    },
    async (request) => {
      const { items, country, state, shippingRateId, discountCode, email } = request.query;
      // Signed in or not: the account, else the e-mail typed, is who 'once per customer' counts.
      const user = discountCode ? await auth.optionalUser(request) : undefined;
      return quoteCheckout(
        { db },
        {
          items,
          address: { country, state },
          shippingRateId,
          discountCode,
          customer: { userId: user?.id ?? null, email: user?.email ?? email },
        },
      );
    },
  );

  const owner = async (request: FastifyRequest) => {
    const { user } = await auth.requireBackOffice(request, { owner: true });
    return backOfficeActor(user, request);
  };
  const settings = { response: responses({ 200: shippingSettingsSchema }) };
  /** The owner's change, then the settings as they are after it. */
  const change = async (request: FastifyRequest, write: (actor: AuditActor) => Promise<void>) => {
    await write(await owner(request));
    return readShippingSettings(db);
  };

  app.get('/api/admin/shipping-settings', { schema: settings }, async (request) => {
    await owner(request);
    return readShippingSettings(db);
  });

  app.post(
    '/api/admin/shipping-zones',
    { schema: { ...settings, body: shippingZoneWriteSchema } },
    async (request) => change(request, (actor) => createZone(db, request.body, actor)),
  );

  app.put(
    '/api/admin/shipping-zones/:id',
    { schema: { ...settings, params: idParams, body: shippingZoneWriteSchema } },
    async (request) =>
      change(request, (actor) => editZone(db, request.params.id, request.body, actor)),
  );

  app.delete(
    '/api/admin/shipping-zones/:id',
    { schema: { ...settings, params: idParams } },
    async (request) => change(request, (actor) => removeZone(db, request.params.id, actor)),
  );

  app.post(
    '/api/admin/shipping-zones/:id/rates',
    { schema: { ...settings, params: idParams, body: shippingRateWriteSchema } },
    async (request) =>
      change(request, (actor) => createRate(db, request.params.id, request.body, actor)),
  );

  app.put(
    '/api/admin/shipping-rates/:id',
    { schema: { ...settings, params: idParams, body: shippingRateWriteSchema } },
    async (request) =>
      change(request, (actor) => editRate(db, request.params.id, request.body, actor)),
  );

  app.delete(
    '/api/admin/shipping-rates/:id',
    { schema: { ...settings, params: idParams } },
    async (request) => change(request, (actor) => removeRate(db, request.params.id, actor)),
  );

  app.put(
    '/api/admin/tax-settings',
    { schema: { ...settings, body: taxSettingsWriteSchema } },
    async (request) => change(request, (actor) => setTaxSettings(db, request.body, actor)),
  );

  app.post(
    '/api/admin/tax-rates',
    { schema: { ...settings, body: taxRateWriteSchema } },
    async (request) => change(request, (actor) => setTaxRate(db, request.body, actor)),
  );

  app.delete(
    '/api/admin/tax-rates/:id',
    { schema: { ...settings, params: idParams } },
    async (request) => change(request, (actor) => removeTaxRate(db, request.params.id, actor)),
  );
};
