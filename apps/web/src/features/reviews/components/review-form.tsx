import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ORDER_MESSAGES, reviewRequestSchema } from '@shop/shared/orders';
import { RATING_LABELS, RATING_VALUES } from '@shop/shared/rating';
import { useAppSelector } from '../../../app/hooks';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ButtonSpinner } from '../../../components/ui/button-spinner';
import { Field, fieldDescription, fieldInputClass } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useCreateReviewMutation } from '../api/reviews-api';

// The API's own schema: the same rules and messages on both sides.
type ReviewFormInput = z.input<typeof reviewRequestSchema>;
type ReviewFormValues = z.output<typeof reviewRequestSchema>;
const emptyForm = (userEmail: string): ReviewFormInput => ({ userEmail, rating: '', comment: '' });

/** The write-review form: e-mail of the order, a rating from 1 Poor to 5 Excellent, a comment. */
export function ReviewForm({ productId }: { productId: string }) {
  // Signed in, the review must use the account's e-mail: the form starts over when it changes.
  const accountEmail = useAppSelector((state) => state.account.userInfo?.email);
  return (
    <ReviewFormBody key={accountEmail ?? ''} productId={productId} accountEmail={accountEmail} />
  );
}

function ReviewFormBody({
  productId,
  accountEmail,
}: {
  productId: string;
  accountEmail: string | undefined;
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
    defaultValues: emptyForm(accountEmail ?? ''),
  });

  const onSubmit = async (values: ReviewFormValues) => {
    const result = await createReview({ productId, ...values });
    if ('error' in result) return;
    notify(ORDER_MESSAGES.reviewAdded, 'success');
    reset(emptyForm(accountEmail ?? ''));
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
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="text-xl font-semibold">
        Write a customer review
      </h3>
      <p className="-mt-3 text-sm text-ink-muted">
        Reviews come from shoppers who bought the product.
      </p>
      {error && <Alert variant="danger">{errorMessage(error)}</Alert>}
      <TextField
        id={`${id}-userEmail`}
        label="E-mail (the one on your order)"
        type="email"
        autoComplete="email"
        readOnly={accountEmail !== undefined}
        hint={accountEmail !== undefined ? 'Signed in: your account’s e-mail is used.' : undefined}
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
