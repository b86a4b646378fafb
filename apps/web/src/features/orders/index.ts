// features/orders' public entry: what other features may use (docs/decisions/029).
export { useGetOrderQuery } from './api/orders-api';
export { OrderStatusLabel } from './components/order-status-label';
