// features/shop's public entry: what other features and the app may use (docs/decisions/029).
export { useGetShopConfigQuery } from './api/shop-config-api';
export { requestShopConfig, useShopConfig } from './hooks/use-shop-config';
