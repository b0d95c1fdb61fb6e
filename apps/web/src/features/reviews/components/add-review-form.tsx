import { Controller } from 'react-hook-form';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { messages } from '@forgeline/shared/messages';
import { ErrorText, Field, errorProps } from '@/components/ui/form-field';
import { SignedInFields } from '@/components/ui/signed-in-fields';
import { errorMessage } from '@/lib/error-message';
import type { CreateReviewInput } from '../api/create-review';
import { StarRatingInput } from './star-rating-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { SchemaForm } from '@/components/ui/card-form';
import type { reviewFormSchema } from '../schemas';

type ReviewFormInput = z.input<typeof reviewFormSchema>;
type ReviewFormValues = z.output<typeof reviewFormSchema>;

/** zod and the schema load on the first validation (docs/decisions/0042). */
const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.reviewFormSchema));

type AddReviewFormProps = {
  user: { name: string; email: string; image?: string | null };
  onSubmit: (review: CreateReviewInput) => Promise<unknown>;
  /** The part under review, when the buyer came from its product page. */
  productId?: string;
};

/** /dashboard/review's form (docs/product.md §2): disabled name and email, designation, stars, text, Submit. */
export const AddReviewForm = ({ user, onSubmit, productId }: AddReviewFormProps) => {
  const { register, control, handleSubmit, reset, formState } = useSchemaForm<
    ReviewFormInput,
    ReviewFormValues
  >(resolver, { defaultValues: { profession: '', review: '', rating: 0 } });
  const errors = formState.errors;

  const submit = handleSubmit(
    async (values) => {
      try {
        await onSubmit({
          name: user.name,
          email: user.email,
          img: user.image ?? null,
          profession: values.profession,
          review: values.review,
          rating: values.rating,
          ...(productId ? { productId } : {}),
        });
        toast.success(messages.reviewThanks(user.name));
        reset();
      } catch (error) {
        toast.error(errorMessage(error, 'Your review could not be saved. Please try again.'));
      }
    },
    (invalid) => {
      if (invalid.rating) toast.error(messages.ratingRequired);
    },
  );

  return (
    <SchemaForm
      onSubmit={submit}
      onFocus={resolver.preload}
      aria-label="Add a review"
      className="flex max-w-xl flex-col gap-4"
    >
      <SignedInFields idPrefix="review" user={user} />
      <Field id="review-profession" label="Designation" error={errors.profession?.message}>
        <input
          id="review-profession"
          className="input w-full"
          placeholder="e.g. Purchasing Manager"
          autoComplete="organization-title"
          {...errorProps('review-profession', errors.profession?.message)}
          {...register('profession')}
        />
      </Field>
      <div>
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <StarRatingInput
              name="review-rating"
              value={typeof field.value === 'number' && field.value > 0 ? field.value : undefined}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.rating?.message}
              errorId="review-rating-error"
            />
          )}
        />
        <ErrorText id="review-rating-error">{errors.rating?.message}</ErrorText>
      </div>
      <Field id="review-text" label="Review" error={errors.review?.message}>
        <textarea
          id="review-text"
          className="textarea h-32 w-full"
          placeholder="How did the parts and the service work for you?"
          {...errorProps('review-text', errors.review?.message)}
          {...register('review')}
        />
      </Field>
      <SubmitButton className="self-start" isLoading={formState.isSubmitting}>
        Submit
      </SubmitButton>
    </SchemaForm>
  );
};
