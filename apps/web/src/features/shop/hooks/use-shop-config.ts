import { DEFAULT_SUPPORT_EMAIL, SHOP_NAME } from '@shop/shared/shop';
import type { PageDispatch } from '../../../lib/page-data';
import { shopConfigApi, useGetShopConfigQuery } from '../api/shop-config-api';
import type { ShopConfig } from '@shop/shared/catalog';

/** Starts GET /api/config/shop, for the route loader of a page that shows the shop's details. */
export const requestShopConfig = (dispatch: PageDispatch) =>
  dispatch(shopConfigApi.endpoints.getShopConfig.initiate());

/** The shop's name and support address; the built-in defaults until (or unless) the API answers. */
export function useShopConfig(): ShopConfig {
  const { data } = useGetShopConfigQuery();
  return data ?? { name: SHOP_NAME, supportEmail: DEFAULT_SUPPORT_EMAIL };
}
