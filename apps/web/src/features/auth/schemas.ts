import { z } from 'zod';
import { EmailSchema, messages, MIN_PASSWORD_LENGTH, requiredText } from '@forgeline/shared';

/** SPEC.md §5: password required ('Password is required'), at least 6 characters ('Must be 6 caracters or longer'). */
export const PasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, { error: messages.passwordRequired, abort: true })
  .min(MIN_PASSWORD_LENGTH, { error: messages.passwordTooShort, abort: true })
  .max(128, { error: 'Must be 128 characters or fewer' });

export const LoginSchema = z.object({ email: EmailSchema, password: PasswordSchema });
export type LoginInput = z.input<typeof LoginSchema>;
export type LoginValues = z.output<typeof LoginSchema>;

export const SignupSchema = z.object({
  name: requiredText(messages.nameRequired, 100),
  email: EmailSchema,
  password: PasswordSchema,
});
export type SignupInput = z.input<typeof SignupSchema>;
export type SignupValues = z.output<typeof SignupSchema>;

export const ResetRequestSchema = z.object({ email: EmailSchema });
export type ResetRequestInput = z.input<typeof ResetRequestSchema>;
export type ResetRequestValues = z.output<typeof ResetRequestSchema>;

export const NewPasswordSchema = z.object({ newPassword: PasswordSchema });
export type NewPasswordInput = z.input<typeof NewPasswordSchema>;
export type NewPasswordValues = z.output<typeof NewPasswordSchema>;
