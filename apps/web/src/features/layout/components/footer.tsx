import { SHOP_NAME } from '@shop/shared/shop';
import { CardBrands } from './card-brands';
import { FooterNav } from './footer-nav';

const SHOP_LINKS = [
  { to: '/tshirts', label: 'Shirts' },
  { to: '/belts', label: 'Straps' },
  { to: '/totes', label: 'Totes' },
  { to: '/hoodies', label: 'Hoodies' },
];

const LEGAL_LINKS = [
  { to: '/privacypolicy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms and Conditions' },
  { to: '/refundpolicy', label: 'Refund Policy' },
];

export function Footer() {
  return (
    <footer className="mt-auto bg-ink text-sand-100">
      <div className="sadu-band h-4" aria-hidden="true" />
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="font-display text-2xl font-semibold tracking-[0.18em] uppercase">
            {SHOP_NAME}
          </p>
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-sand-200">
            Shirts, straps and totes with patterns that borrow the bold geometry of Sadu weaving.
          </p>
          <div className="mt-6">
            <p className="mb-3 text-xs font-semibold tracking-[0.2em] text-sand-200 uppercase">
              We accept
            </p>
            <CardBrands />
          </div>
        </div>
        <FooterNav title="Shop" links={SHOP_LINKS} />
        <FooterNav title="Legal" links={LEGAL_LINKS} />
      </div>
      <p className="border-t border-sand-100/15 px-6 py-5 text-center text-xs text-sand-200">
        {/* The UTC year, as the server (in UTC) has it; a page rendered just before New Year
            and hydrated after it keeps the server's year rather than warn. */}
        © <span suppressHydrationWarning>{new Date().getUTCFullYear()}</span> {SHOP_NAME}. All
        rights reserved.
      </p>
    </footer>
  );
}
