import { shippingSettingsSchema } from '@shop/shared/shipping-settings';
import type {
  ShippingRateWrite,
  ShippingSettings,
  ShippingZoneWrite,
  TaxRateWrite,
  TaxSettingsWrite,
} from '@shop/shared/shipping-settings';
import { BACK_OFFICE_TAG, adminApi, backOffice, withBackOfficeToken } from './admin-api';

/** The owner's shipping zones, rates and tax settings (decision 041); each write answers them all. */

const tagged = adminApi.enhanceEndpoints({ addTagTypes: ['ShippingSettings'] });

type Write = { url: string; method: 'POST' | 'PUT' | 'DELETE'; body?: unknown };

export const shippingSettingsApi = tagged.injectEndpoints({
  endpoints: (build) => {
    /** A write whose answer (the settings as stored) replaces the cached settings at once. */
    const write = <Args>(request: (args: Args) => Write) =>
      build.mutation<ShippingSettings, Args>({
        query: (args) => withBackOfficeToken(request(args)),
        responseSchema: shippingSettingsSchema,
        async onQueryStarted(_args, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
          if (data)
            dispatch(
              shippingSettingsApi.util.upsertQueryData('getShippingSettings', undefined, data),
            );
        },
        ...backOffice,
      });
    const id = encodeURIComponent;
    return {
      getShippingSettings: build.query<ShippingSettings, void>({
        query: () => withBackOfficeToken({ url: '/admin/shipping-settings' }),
        responseSchema: shippingSettingsSchema,
        providesTags: [BACK_OFFICE_TAG, 'ShippingSettings'],
        ...backOffice,
      }),
      addZone: write((zone: ShippingZoneWrite) => ({
        url: '/admin/shipping-zones',
        method: 'POST',
        body: zone,
      })),
      editZone: write(({ zoneId, zone }: { zoneId: string; zone: ShippingZoneWrite }) => ({
        url: `/admin/shipping-zones/${id(zoneId)}`,
        method: 'PUT',
        body: zone,
      })),
      deleteZone: write((zoneId: string) => ({
        url: `/admin/shipping-zones/${id(zoneId)}`,
        method: 'DELETE',
      })),
      addRate: write(({ zoneId, rate }: { zoneId: string; rate: ShippingRateWrite }) => ({
        url: `/admin/shipping-zones/${id(zoneId)}/rates`,
        method: 'POST',
        body: rate,
      })),
      editRate: write(({ rateId, rate }: { rateId: string; rate: ShippingRateWrite }) => ({
        url: `/admin/shipping-rates/${id(rateId)}`,
        method: 'PUT',
        body: rate,
      })),
      deleteRate: write((rateId: string) => ({
        url: `/admin/shipping-rates/${id(rateId)}`,
        method: 'DELETE',
      })),
      setTaxSettings: write((tax: TaxSettingsWrite) => ({
        url: '/admin/tax-settings',
        method: 'PUT',
        body: tax,
      })),
      setTaxRate: write((rate: TaxRateWrite) => ({
        url: '/admin/tax-rates',
        method: 'POST',
        body: rate,
      })),
      deleteTaxRate: write((rateId: string) => ({
        url: `/admin/tax-rates/${id(rateId)}`,
        method: 'DELETE',
      })),
    };
  },
});

export const {
  useGetShippingSettingsQuery,
  useAddZoneMutation,
  useEditZoneMutation,
  useDeleteZoneMutation,
  useAddRateMutation,
  useEditRateMutation,
  useDeleteRateMutation,
  useSetTaxSettingsMutation,
  useSetTaxRateMutation,
  useDeleteTaxRateMutation,
} = shippingSettingsApi;
