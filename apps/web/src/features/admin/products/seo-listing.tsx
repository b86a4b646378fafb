import { useSyncExternalStore } from 'react';
import { MAX_SEO_DESCRIPTION_LENGTH, MAX_SEO_TITLE_LENGTH } from '@shop/shared/admin-catalog';
import { SHOP_NAME } from '@shop/shared/shop';
import { Field, fieldDescription, fieldInputClass } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { truncateText } from '../../../lib/plain-text';
import { productMetaDescription, productPageTitle } from '../../../lib/product-seo';

/** About what a search result shows of a page's title and of its description (decision 037). */
export const RESULT_TITLE_LENGTH = 60;
export const RESULT_DESCRIPTION_LENGTH = 160;

/** The shop's address as the browser has it ('' while the server renders the page). */
const noSubscription = () => () => {};
const useShopHost = () =>
  useSyncExternalStore(
    noSubscription,
    () => window.location.host,
    () => '',
  );

/** How the product shows in a search result: the same title and description as its page's head. */
export function searchResultOf(product: {
  name: string;
  handle: string;
  description: string;
  seoTitle: string;
  seoDescription: string;
}) {
  const title = `${productPageTitle(product)} | ${SHOP_NAME}`;
  return {
    title: truncateText(title, RESULT_TITLE_LENGTH),
    path: `/products/${product.handle}`,
    description: truncateText(productMetaDescription(product), RESULT_DESCRIPTION_LENGTH),
  };
}

const counter = (length: number, max: number) => `${length} of ${max} characters`;

type SeoListingProps = {
  /** Prefix of the fields' ids (the form's). */
  idPrefix: string;
  /** What the product form holds now: the preview follows it as the owner types. */
  name: string;
  /** The handle the product has or will have (made from the name when the field is empty). */
  handle: string;
  description: string;
  seoTitle: string;
  seoDescription: string;
  onChange: (field: 'seoTitle' | 'seoDescription', value: string) => void;
  errors: { seoTitle?: string | undefined; seoDescription?: string | undefined };
};

/**
 * The product's search engine listing: its SEO title and description (empty: the name and the
 * description's text), and a preview of the search result they make.
 */
export function SeoListing({
  idPrefix,
  name,
  handle,
  description,
  seoTitle,
  seoDescription,
  onChange,
  errors,
}: SeoListingProps) {
  const host = useShopHost();
  const result = searchResultOf({ name, handle, description, seoTitle, seoDescription });
  const titleId = `${idPrefix}-seoTitle`;
  const descriptionId = `${idPrefix}-seoDescription`;
  const descriptionHint = `${counter(seoDescription.length, MAX_SEO_DESCRIPTION_LENGTH)}. Left empty, the description’s first lines are shown.`;
  const previewHeading = `${idPrefix}-seo-preview`;
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-sand-200 p-4">
      <legend className="px-1 text-lg font-semibold">Search engine listing</legend>
      <div className="grid gap-5 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-4">
          <TextField
            id={titleId}
            label="SEO title (optional)"
            hint={`${counter(seoTitle.length, MAX_SEO_TITLE_LENGTH)}. Left empty, the name is used.`}
            value={seoTitle}
            onChange={(event) => onChange('seoTitle', event.target.value)}
            error={errors.seoTitle}
            maxLength={MAX_SEO_TITLE_LENGTH}
            autoComplete="off"
            placeholder={name || undefined}
          />
          <Field
            id={descriptionId}
            label="SEO description (optional)"
            hint={descriptionHint}
            error={errors.seoDescription}
          >
            <textarea
              id={descriptionId}
              value={seoDescription}
              onChange={(event) =>
                onChange('seoDescription', event.target.value.replace(/\s*\n\s*/g, ' '))
              }
              maxLength={MAX_SEO_DESCRIPTION_LENGTH}
              rows={4}
              aria-invalid={errors.seoDescription ? true : undefined}
              aria-describedby={fieldDescription(descriptionId, {
                hint: descriptionHint,
                error: errors.seoDescription,
              })}
              className={`${fieldInputClass} h-auto min-h-24 py-2`}
            />
          </Field>
        </div>
        <section aria-labelledby={previewHeading} className="flex min-w-0 flex-col gap-2">
          <h3 id={previewHeading} className="text-sm font-semibold text-ink">
            Preview in search results
          </h3>
          <div
            data-testid="seo-preview"
            className="flex min-w-0 flex-col gap-1 rounded-lg border border-sand-200 bg-white p-4 font-sans"
          >
            <p className="break-all text-sm text-[#202124]">
              {host ? `https://${host}` : SHOP_NAME}
              <span className="text-[#4d5156]">{result.path}</span>
            </p>
            <p className="break-words text-xl leading-snug text-[#1a0dab]">{result.title}</p>
            <p className="break-words text-sm leading-relaxed text-[#4d5156]">
              {result.description}
            </p>
          </div>
          <p className="text-sm text-ink-muted">
            Search engines decide what they show; this is how a result usually looks.
          </p>
        </section>
      </div>
    </fieldset>
  );
}
