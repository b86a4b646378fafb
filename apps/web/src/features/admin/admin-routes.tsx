import type { RouteObject } from 'react-router';
import AuditPage from './audit/audit-page';
import ImportPage from './catalog-import/import-page';
import CollectionEditorPage from './collections/collection-editor-page';
import CollectionsPage from './collections/collections-page';
import CustomerPage from './customers/customer-page';
import CustomersPage from './customers/customers-page';
import DiscountEditorPage from './discounts/discount-editor-page';
import DiscountsPage from './discounts/discounts-page';
import AdminLayout from './layout/admin-layout';
import OrderDetailPage from './orders/order-detail-page';
import OrdersPage from './orders/orders-page';
import PrintPage from './orders/print-page';
import ProductEditorPage from './products/product-editor-page';
import ProductsPage from './products/products-page';
import SearchesPage from './search/searches-page';
import SynonymsPage from './search/synonyms-page';
import ShippingSettingsPage from './settings/shipping-settings-page';
import SetupPage from './setup/setup-page';
import ShopDetailsPage from './shop-details/shop-details-page';
import StaffPage from './staff/staff-page';
import MovementsPage from './stock/movements-page';
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
          { path: 'orders/print', Component: PrintPage },
          { path: 'orders/:id', Component: OrderDetailPage },
          { path: 'products', Component: ProductsPage },
          { path: 'products/new', Component: ProductEditorPage },
          { path: 'products/import', Component: ImportPage },
          { path: 'products/:id', Component: ProductEditorPage },
          { path: 'collections', Component: CollectionsPage },
          { path: 'collections/new', Component: CollectionEditorPage },
          { path: 'collections/:id', Component: CollectionEditorPage },
          { path: 'discounts', Component: DiscountsPage },
          { path: 'discounts/new', Component: DiscountEditorPage },
          { path: 'discounts/:id', Component: DiscountEditorPage },
          { path: 'stock/movements', Component: MovementsPage },
          { path: 'customers', Component: CustomersPage },
          { path: 'customers/:id', Component: CustomerPage },
          { path: 'staff', Component: StaffPage },
          { path: 'audit', Component: AuditPage },
          { path: 'settings/shipping', Component: ShippingSettingsPage },
          { path: 'shop-details', Component: ShopDetailsPage },
          { path: 'search/synonyms', Component: SynonymsPage },
          { path: 'search/report', Component: SearchesPage },
        ],
      },
    ],
  },
];
