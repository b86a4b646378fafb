import type { ShopConfig } from '@shop/shared/catalog';
import { SHOP_NAME } from '@shop/shared/shop';
import { supportEmailOf, type Env } from '../../env';

/** GET /api/config/shop: the shop's name and support address (also given to rendered pages). */
export function shopConfigOf(env: Env): ShopConfig {
  return { name: SHOP_NAME, supportEmail: supportEmailOf(env) };
}
