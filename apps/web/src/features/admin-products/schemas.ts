import { z } from 'zod';
import { LIMITS } from '@forgeline/shared/constants';
import { messages } from '@forgeline/shared/messages';
import { ProductBodySchema } from '@forgeline/shared/schemas/product';
import { backorderProblems } from '@forgeline/shared/backorders';

/**
 * The product form's schema. Loaded on the form's first validation only (lib/lazy-resolver.ts): import
 * its types anywhere, its values only through `import('./schemas')`.
 */

const MAX_MB = LIMITS.imageBytesMax / (1024 * 1024);

/** The photo: one image file of at most 5 MB. Optional when editing (the current photo stays). */
const imageSchema = (required: boolean) =>
  z.custom<FileList | undefined>().superRefine((files, context) => {
    const file = files?.[0];
    if (!file) {
      if (required) context.addIssue({ code: 'custom', message: messages.imageRequired });
      return;
    }
    if (!file.type.startsWith('image/'))
      context.addIssue({ code: 'custom', message: 'Choose an image file' });
    else if (file.size > LIMITS.imageBytesMax) {
      context.addIssue({ code: 'custom', message: `The photo must be ${MAX_MB} MB or smaller` });
    }
  });

/** Add Product's rules (docs/product.md §5) from the server's own schema, with the photo instead of its URL. */
export const productFormSchema = (imageRequired: boolean) =>
  ProductBodySchema.omit({ img: true })
    .extend({ image: imageSchema(imageRequired) })
    .superRefine((product, context) => {
      const problems = backorderProblems({
        allowBackorder: product.allowBackorder === true,
        leadTimeDays: product.leadTimeDays ?? null,
      });
      for (const [field, message] of Object.entries(problems))
        context.addIssue({ code: 'custom', path: [field], message });
    });
