import type { RouteObject } from 'react-router';
import AuditPage from './audit/audit-page';
import CustomersPage from './customers/customers-page';
import AdminLayout from './layout/admin-layout';
import OrderDetailPage from './orders/order-detail-page';
import OrdersPage from './orders/orders-page';
import SetupPage from './setup/setup-page';
import StaffPage from './staff/staff-page';
import SummaryPage from './summary/summary-page';

/**
 * The back office's routes, added to the router on the first visit to /admin
 * (routerOptions in app/router.tsx): this module and everything it imports load only then.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    children: [
      { path: 'setup', Component: SetupPage },
      {
        Component: AdminLayout,
        children: [
          { index: true, Component: SummaryPage },
          { path: 'orders', Component: OrdersPage },
          { path: 'orders/:id', Component: OrderDetailPage },
          { path: 'customers', Component: CustomersPage },
          { path: 'staff', Component: StaffPage },
          { path: 'audit', Component: AuditPage },
        ],
      },
    ],
  },
];
