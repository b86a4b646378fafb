import { SHOP_HEADQUARTERS } from '@shop/shared/shop';
import { Icon } from '../../../components/ui/icon';
import { useShopConfig } from '../../shop';

/** The support address (from GET /api/config/shop) and the headquarters. */
export function ContactBlock() {
  const { supportEmail } = useShopConfig();
  return (
    <section
      aria-labelledby="contact-heading"
      className="rounded-3xl bg-terracotta-800 px-6 py-10 text-sand-50 sm:px-10"
    >
      <h2 id="contact-heading" className="text-2xl font-semibold sm:text-3xl">
        Get in touch
      </h2>
      <p className="mt-2 max-w-xl text-sand-100">
        Questions about an order, a size or a strap? Write to us and we will get back to you.
      </p>
      <address className="mt-6 flex flex-col gap-4 not-italic sm:flex-row sm:gap-10">
        <a
          href={`mailto:${supportEmail}`}
          className="inline-flex items-center gap-3 font-semibold underline-offset-4 hover:underline"
        >
          <Icon name="mail" className="size-6 text-saffron" />
          {supportEmail}
        </a>
        <span className="inline-flex items-center gap-3">
          <Icon name="pin" className="size-6 text-saffron" />
          {SHOP_HEADQUARTERS}
        </span>
      </address>
    </section>
  );
}
