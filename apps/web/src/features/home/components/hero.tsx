import { ButtonLink } from '../../../components/ui/button-link';

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-sand-100">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:gap-12 lg:py-16">
        <div className="order-2 lg:order-1">
          <p className="mb-4 text-xs font-semibold tracking-[0.3em] text-terracotta-700 uppercase">
            New season · Sadu Sands
          </p>
          <h1 className="text-4xl leading-[1.05] font-semibold text-ink sm:text-5xl xl:text-6xl">
            EXPLORE OUR SELF LOVE COLLECTION
          </h1>
          <p className="mt-5 max-w-lg text-lg text-ink-muted">
            Easy tees with kind words, woven straps and totes in the colours of the desert at dusk.
          </p>
          <ButtonLink to="/tshirts" size="lg" className="mt-8">
            SHOP NOW
          </ButtonLink>
        </div>
        <div className="order-1 lg:order-2">
          <img
            src="/images/hero-dunes.svg"
            alt="Desert dunes at sunset above a band of Sadu weaving"
            width={960}
            height={720}
            loading="eager"
            fetchPriority="high"
            className="aspect-[4/3] w-full rounded-3xl object-cover shadow-xl shadow-terracotta-800/15"
          />
        </div>
      </div>
    </section>
  );
}
