import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { ORDER_MESSAGES, reviewRequestSchema } from '@shop/shared/orders';
import { RATING_LABELS, RATING_VALUES } from '@shop/shared/rating';
import { useAppSelector } from '../../../stores/hooks';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ButtonSpinner } from '../../../components/ui/button-spinner';
import { Field, fieldDescription, fieldInputClass } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useHydrated } from '../../../lib/use-hydrated';
import { useGetOrderQuery } from '../../orders';
import { orderNumber } from '@shop/shared/orders';
import { useCreateReviewMutation } from '../api/reviews-api';
import { REVIEWS_HASH, type ReviewProof } from '../../../lib/review-proof';

// The API's own schema: the same rules and messages on both sides.
type ReviewFormInput = z.input<typeof reviewRequestSchema>;
type ReviewFormValues = z.output<typeof reviewRequestSchema>;
const emptyForm = (userEmail: string): ReviewFormInput => ({ userEmail, rating: '', comment: '' });

/**
 * Who can review here, by the proof at hand: the order of a 'Write a review' link (paid, with this
 * product), else the signed-in account (the server checks that it bought the product), else no
 * one yet. The e-mail is always the proof's: it proves nothing by itself.
 */
type Reviewer =
  | { kind: 'order'; email: string; orderNumber: string; proof: ReviewProof }
  | { kind: 'account'; email: string }
  | { kind: 'checking' }
  | { kind: 'none' };

function useReviewer(
  productId: string,
  orderProof: ReviewProof | undefined,
): { reviewer: Reviewer; linkFailed: boolean } {
  // The signed-in account lives in browser storage: the server renders the product page without
  // it, so hydration does too, and the account's form follows a moment later.
  const hydrated = useHydrated();
  const storedEmail = useAppSelector((state) => state.account.userInfo?.email);
  const accountEmail = hydrated ? storedEmail : undefined;
  // The order page asked for the same order a moment ago: usually answered from the cache.
  const { currentData: order, isError } = useGetOrderQuery(
    orderProof ? { id: orderProof.orderId, token: orderProof.orderToken } : skipToken,
  );
  if (orderProof) {
    if (order?.isPaid && order.orderItems.some((item) => item.product === productId)) {
      return {
        reviewer: {
          kind: 'order',
          email: order.user.email,
          orderNumber: orderNumber(order._id),
          proof: orderProof,
        },
        linkFailed: false,
      };
    }
    if (!order && !isError) return { reviewer: { kind: 'checking' }, linkFailed: false };
  }
  return {
    reviewer:
      accountEmail !== undefined ? { kind: 'account', email: accountEmail } : { kind: 'none' },
    linkFailed: orderProof !== undefined,
  };
}

/** The write-review form: e-mail of the order, a rating from 1 Poor to 5 Excellent, a comment. */
export function ReviewForm({
  productId,
  orderProof,
}: {
  productId: string;
  /** From an order's 'Write a review' link. */
  orderProof?: ReviewProof | undefined;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const heading = useRef<HTMLHeadingElement>(null);
  const { reviewer, linkFailed } = useReviewer(productId, orderProof);

  // Came through an order's 'Write a review': take the shopper (and the screen reader) there.
  useEffect(() => {
    if (orderProof) heading.current?.focus();
  }, [orderProof]);

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-5">
      <h3
        id={titleId}
        ref={heading}
        tabIndex={-1}
        className="scroll-mt-6 text-xl font-semibold outline-none"
      >
        Write a customer review
      </h3>
      <p className="-mt-3 text-sm text-ink-muted">
        Reviews come from shoppers who bought the product.
      </p>
      {linkFailed && (
        <Alert variant="warning">
          This review link does not open a paid order of this product. Open your order from the link
          in your order e-mail and choose “Write a review” beside this product there.
        </Alert>
      )}
      {reviewer.kind === 'checking' && <Spinner label="Checking your order…" />}
      {reviewer.kind === 'none' && <HowToReview productId={productId} />}
      {(reviewer.kind === 'order' || reviewer.kind === 'account') && (
        // Starts over when the proof changes (a sign-in, a sign-out).
        <ReviewFormBody
          key={`${reviewer.kind}:${reviewer.email}`}
          productId={productId}
          reviewer={reviewer}
          titleId={titleId}
        />
      )}
    </section>
  );
}

/** No proof at hand: say how to get one, rather than failing after the shopper has written. */
function HowToReview({ productId }: { productId: string }) {
  const back = `/products/${encodeURIComponent(productId)}${REVIEWS_HASH}`;
  return (
    <p className="leading-relaxed">
      To write one,{' '}
      <Link
        to={`/login?redirect=${encodeURIComponent(back)}`}
        className="font-semibold text-terracotta-700 underline"
      >
        sign in
      </Link>{' '}
      with the account you bought it with, or open your order from the link in your order e-mail and
      choose “Write a review” beside the product.
    </p>
  );
}

function ReviewFormBody({
  productId,
  reviewer,
  titleId,
}: {
  productId: string;
  reviewer: Extract<Reviewer, { kind: 'order' | 'account' }>;
  titleId: string;
}) {
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const [createReview, { error, isLoading, reset: clearError }] = useCreateReviewMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReviewFormInput, unknown, ReviewFormValues>({
    resolver: zodResolver(reviewRequestSchema),
    defaultValues: emptyForm(reviewer.email),
  });

  const onSubmit = async (values: ReviewFormValues) => {
    // The proof: the order link's in the body; a signed-in account's bearer goes with every call.
    const proof = reviewer.kind === 'order' ? reviewer.proof : {};
    const result = await createReview({ productId, ...values, ...proof });
    if ('error' in result) return;
    notify(ORDER_MESSAGES.reviewAdded, 'success');
    reset(emptyForm(reviewer.email));
    clearError();
    // The new review is the newest: show the first page of reviews, where it appears.
    if (searchParams.has('reviews')) {
      const next = new URLSearchParams(searchParams);
      next.delete('reviews');
      setSearchParams(next, { replace: true, preventScrollReset: true });
    }
  };

  const ratingId = `${id}-rating`;
  const commentId = `${id}-comment`;

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="flex flex-col gap-5"
      aria-labelledby={titleId}
    >
      {error && <Alert variant="danger">{errorMessage(error)}</Alert>}
      <TextField
        id={`${id}-userEmail`}
        label="E-mail (the one on your order)"
        type="email"
        autoComplete="email"
        readOnly
        hint={
          reviewer.kind === 'order'
            ? `From your order ${reviewer.orderNumber}.`
            : 'Signed in: your account’s e-mail is used.'
        }
        error={errors.userEmail?.message}
        {...register('userEmail')}
      />
      <Field id={ratingId} label="Rating" error={errors.rating?.message}>
        <select
          id={ratingId}
          className={fieldInputClass}
          aria-invalid={errors.rating ? true : undefined}
          aria-describedby={fieldDescription(ratingId, { error: errors.rating?.message })}
          {...register('rating')}
        >
          <option value="">Select…</option>
          {RATING_VALUES.map((value) => (
            <option key={value} value={String(value)}>
              {value} - {RATING_LABELS[value]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={commentId} label="Comment" error={errors.comment?.message}>
        <textarea
          id={commentId}
          rows={4}
          maxLength={2000}
          className={fieldInputClass}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={fieldDescription(commentId, { error: errors.comment?.message })}
          {...register('comment')}
        />
      </Field>
      <Button type="submit" variant="dark" disabled={isLoading} className="self-start">
        {isLoading && <ButtonSpinner />}
        {isLoading ? 'Submitting…' : 'Submit'}
      </Button>
    </form>
  );
}
