// Loaded beside the first page's code by PageLoading (page-loading.tsx), not with the first bundle.
import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import {
  AccountPageSkeleton,
  CartPageSkeleton,
  CheckoutPageSkeleton,
  FormPageSkeleton,
  LegalPageSkeleton,
  ListingPageSkeleton,
  OrderPageSkeleton,
  ProductPageSkeleton,
} from '../components/ui/page-skeletons';
import { SkeletonStatus } from '../components/ui/skeleton';

/** The skeleton of each route's page, by the path's first segment. */
const SKELETONS: Record<string, ComponentType> = {
  products: ProductPageSkeleton,
  tshirts: ListingPageSkeleton,
  belts: ListingPageSkeleton,
  totes: ListingPageSkeleton,
  hoodies: ListingPageSkeleton,
  search: ListingPageSkeleton,
  privacypolicy: LegalPageSkeleton,
  terms: LegalPageSkeleton,
  refundpolicy: LegalPageSkeleton,
  cart: CartPageSkeleton,
  shipping: CheckoutPageSkeleton,
  payment: CheckoutPageSkeleton,
  placeorder: CheckoutPageSkeleton,
  profile: AccountPageSkeleton,
  order: OrderPageSkeleton,
  successfulorder: OrderPageSkeleton,
  login: FormPageSkeleton,
  register: FormPageSkeleton,
  pending: FormPageSkeleton,
  verify: FormPageSkeleton,
  'forgot-password': FormPageSkeleton,
  'reset-password': FormPageSkeleton,
  'confirm-email': FormPageSkeleton,
  'guest-checkout': FormPageSkeleton,
};

/** The skeleton of the page at the current path; the home page's is an empty space with its status. */
export default function RouteSkeleton() {
  const Skeleton = SKELETONS[useLocation().pathname.split('/')[1] ?? ''];
  return Skeleton ? <Skeleton /> : <SkeletonStatus />;
}
