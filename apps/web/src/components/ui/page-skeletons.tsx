import { PageContainer } from './page-container';
import { ListingSkeleton, ProductCardSkeleton } from './listing-skeleton';
import { Skeleton, SkeletonStatus, SkeletonText } from './skeleton';

export { ListingSkeleton, ProductCardSkeleton };

/**
 * Stand-ins for pages whose content is not there yet: on the server for the pages that live on
 * browser storage (it knows neither the cart nor the user), and in the browser while a page's data
 * loads. Each takes the space of its page's first view at 390 and 1280 px (the same containers,
 * headings and columns), so nothing jumps when the content arrives, and each announces one status.
 */

/** PageHeader's shape: the optional eyebrow, the h1's line, the optional intro's lines. */
function HeaderSkeleton({
  eyebrow = false,
  intro = 0,
  title = 'w-2/3 sm:w-1/2',
}: {
  eyebrow?: boolean;
  intro?: number;
  title?: string;
}) {
  return (
    <div className="mb-8">
      {eyebrow && <SkeletonText className="mb-2 text-xs" lastLine="w-24" />}
      <SkeletonText className="text-3xl sm:text-4xl" lastLine={title} />
      {intro > 0 && <SkeletonText className="mt-3 max-w-2xl" lines={intro} />}
    </div>
  );
}

/** A labelled input of the shop's forms (Field: label, gap, input). */
function FieldSkeleton() {
  return (
    <div className="flex flex-col gap-1.5">
      <SkeletonText className="text-sm" lastLine="w-28" />
      <Skeleton className="h-[2.875rem] w-full rounded-xl" />
    </div>
  );
}

/** A white card of the checkout and account pages, with `rows` lines of content. */
function CardSkeleton({ rows, className = '' }: { rows: number; className?: string }) {
  return (
    <div
      className={`flex flex-col gap-5 self-start rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-8 ${className}`}
    >
      <SkeletonText className="text-xl" lastLine="w-1/2" />
      {Array.from({ length: rows }, (_, index) => (
        <FieldSkeleton key={index} />
      ))}
    </div>
  );
}

/** A card beside a summary from 1024 px (CheckoutColumns' grid, and the order page's). */
function TwoColumnsSkeleton({ mainRows }: { mainRows: number }) {
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:gap-12">
      <CardSkeleton rows={mainRows} />
      <CardSkeleton rows={2} />
    </div>
  );
}

/** A category or search page: eyebrow, heading, intro, the grid. */
export function ListingPageSkeleton() {
  return (
    <PageContainer>
      <HeaderSkeleton eyebrow intro={1} />
      <ListingSkeleton />
    </PageContainer>
  );
}

/**
 * A product page's body (ProductDetail: the pictures beside name, rating, price and choices),
 * under the page's own back link.
 */
export function ProductDetailSkeleton() {
  return (
    <div className="grid min-h-dvh content-start gap-10 lg:grid-cols-2 lg:gap-16">
      <SkeletonStatus label="Loading product…" />
      <div className="flex flex-col gap-4">
        <Skeleton className="aspect-square w-full rounded-3xl" />
        <div className="flex gap-3">
          <Skeleton className="size-20 rounded-xl" />
          <Skeleton className="size-20 rounded-xl" />
        </div>
      </div>
      <div className="flex flex-col gap-6">
        <div>
          <SkeletonText className="text-3xl leading-tight sm:text-4xl" lastLine="w-3/4" />
          <Skeleton className="mt-3 h-5 w-48" />
        </div>
        <SkeletonText className="text-3xl" lastLine="w-28" />
        <div className="flex flex-col gap-3">
          <SkeletonText className="text-sm" lastLine="w-20" />
          <div className="flex gap-3">
            <Skeleton className="h-11 w-20 rounded-full" />
            <Skeleton className="h-11 w-20 rounded-full" />
            <Skeleton className="h-11 w-20 rounded-full" />
          </div>
        </div>
        <Skeleton className="h-12 w-full rounded-full" />
      </div>
    </div>
  );
}

/** /products/:id: the back link, then the product. */
export function ProductPageSkeleton() {
  return (
    <PageContainer>
      <SkeletonText className="mb-8 text-sm" lastLine="w-32" />
      <ProductDetailSkeleton />
    </PageContainer>
  );
}

/** Login, register, password, pending, verify and confirm-email pages (AccountCard's card). */
export function FormPageSkeleton() {
  return (
    <PageContainer className="max-w-xl">
      <SkeletonStatus />
      <div className="rounded-3xl border border-sand-200 bg-white px-5 py-8 shadow-sm sm:px-10 sm:py-10">
        <HeaderSkeleton intro={2} />
        <div className="flex flex-col gap-5">
          <FieldSkeleton />
          <FieldSkeleton />
          <Skeleton className="mt-1 h-12 w-full rounded-full" />
        </div>
      </div>
    </PageContainer>
  );
}

/** /cart: the heading, then the cart. */
export function CartPageSkeleton() {
  return (
    <PageContainer>
      <HeaderSkeleton />
      <CartSkeleton />
    </PageContainer>
  );
}

/** The cart under its heading: the lines beside the summary from 1024 px. */
export function CartSkeleton({ label = 'Loading your cart…' }: { label?: string }) {
  return (
    <>
      <SkeletonStatus label={label} />
      <div className="grid gap-10 lg:grid-cols-[1fr_22rem] lg:gap-12">
        <ul
          aria-hidden="true"
          className="divide-y divide-sand-200 self-start border-y border-sand-200"
        >
          {Array.from({ length: 2 }, (_, index) => (
            <li key={index} className="flex gap-4 py-6 sm:gap-6">
              <Skeleton className="size-24 shrink-0 rounded-2xl sm:size-28" />
              <div className="flex flex-1 flex-col gap-3">
                <SkeletonText className="font-display text-lg" lastLine="w-3/4" />
                <SkeletonText className="text-sm" lastLine="w-1/3" />
                <Skeleton className="h-11 w-32 rounded-full" />
              </div>
            </li>
          ))}
        </ul>
        <CardSkeleton rows={2} />
      </div>
    </>
  );
}

/** Shipping, payment and place order: the steps, the heading, the step's form beside the summary. */
export function CheckoutPageSkeleton() {
  return (
    <PageContainer>
      <SkeletonStatus />
      {/* ProgressSteps: badges over labels on a phone, in a row from 640 px. */}
      <Skeleton className="mb-8 h-[4.25rem] w-full rounded-xl sm:h-11 sm:w-96" />
      <HeaderSkeleton intro={1} />
      <TwoColumnsSkeleton mainRows={4} />
    </PageContainer>
  );
}

/** /profile: greeting, heading, the two tabs, the settings form. */
export function AccountPageSkeleton() {
  return (
    <PageContainer className="max-w-3xl">
      <SkeletonStatus />
      <HeaderSkeleton eyebrow intro={1} />
      <div className="mb-8 flex gap-1 border-b border-sand-200 pb-2">
        <Skeleton className="h-9 flex-1 sm:w-44 sm:flex-none" />
        <Skeleton className="h-9 flex-1 sm:w-36 sm:flex-none" />
      </div>
      <CardSkeleton rows={3} />
    </PageContainer>
  );
}

/** /order/:id and /successfulorder: the order's heading, its lines beside the amounts. */
export function OrderPageSkeleton({ label = 'Loading your order…' }: { label?: string }) {
  return (
    <PageContainer>
      <SkeletonStatus label={label} />
      <HeaderSkeleton eyebrow intro={1} />
      <TwoColumnsSkeleton mainRows={3} />
    </PageContainer>
  );
}

/** A legal page's article (LegalArticle): heading, date, the opening paragraphs. */
export function LegalArticleSkeleton() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <SkeletonStatus />
      <div className="border-b border-stone-200 pb-6">
        <SkeletonText className="text-3xl sm:text-4xl" lastLine="w-2/3" />
        <SkeletonText className="mt-2 text-sm" lastLine="w-40" />
        <SkeletonText className="mt-6 leading-7" lines={4} />
      </div>
      <SkeletonText className="mt-10 min-h-dvh leading-7" lines={6} />
    </div>
  );
}

/** A legal page as its route shows it (LegalRoute's column around the article). */
export function LegalPageSkeleton() {
  return (
    <PageContainer className="max-w-4xl">
      <LegalArticleSkeleton />
    </PageContainer>
  );
}
