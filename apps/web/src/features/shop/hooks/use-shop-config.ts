import { DEFAULT_SUPPORT_EMAIL, SHOP_NAME } from '@shop/shared/shop';
import { useGetShopConfigQuery } from '../api/shop-config-api';
import type { ShopConfig } from '@shop/shared/catalog';

/** The shop's name and support address; the built-in defaults until (or unless) the API answers. */
export function useShopConfig(): ShopConfig {
  const { data } = useGetShopConfigQuery();
  return data ?? { name: SHOP_NAME, supportEmail: DEFAULT_SUPPORT_EMAIL };
}
