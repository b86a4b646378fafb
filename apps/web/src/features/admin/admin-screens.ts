// The back office's screens in one module, which the router loads (once) for any /admin route:
// one lazy import in the router keeps the shop's first page from growing with every screen.
export { default as SetupPage } from './setup/setup-page';
export { default as AdminLayout } from './layout/admin-layout';
export { default as SummaryPage } from './summary/summary-page';
export { default as OrdersPage } from './orders/orders-page';
export { default as OrderDetailPage } from './orders/order-detail-page';
export { default as CustomersPage } from './customers/customers-page';
export { default as StaffPage } from './staff/staff-page';
export { default as AuditPage } from './audit/audit-page';
