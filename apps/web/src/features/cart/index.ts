// features/cart's public entry: what other features and the app may use (docs/decisions/029).
export { CartLink } from './components/cart-link';
export { useCartStockWatch } from './hooks/use-cart-stock-watch';
export { useLoweredLinesNotice } from './hooks/use-lowered-lines-notice';
