const BRANDS = [
  { file: 'mastercard', name: 'Mastercard' },
  { file: 'visa', name: 'Visa' },
  { file: 'express', name: 'American Express' },
  { file: 'discover', name: 'Discover' },
] as const;

/** The card brands the payment provider accepts (simple marks drawn for this shop). */
export function CardBrands() {
  return (
    <ul aria-label="Cards we accept" className="flex flex-wrap gap-2">
      {BRANDS.map((brand) => (
        <li key={brand.file}>
          <img
            src={`/images/cards/${brand.file}.svg`}
            alt={brand.name}
            width={64}
            height={40}
            loading="lazy"
            className="h-8 w-auto"
          />
        </li>
      ))}
    </ul>
  );
}
