import { z } from 'zod';
import { EmailSchema } from '@forgeline/shared/schemas/common';
import { PasswordSchema, SignUpBodySchema } from '@forgeline/shared/schemas/identity';

export { PasswordSchema };

export const LoginSchema = z.object({ email: EmailSchema, password: PasswordSchema });
export type LoginInput = z.input<typeof LoginSchema>;
export type LoginValues = z.output<typeof LoginSchema>;

/** The server's own rules for the name, email and password (packages/shared). */
export const SignupSchema = SignUpBodySchema.pick({ name: true, email: true, password: true });
export type SignupInput = z.input<typeof SignupSchema>;
export type SignupValues = z.output<typeof SignupSchema>;

export const ResetRequestSchema = z.object({ email: EmailSchema });
export type ResetRequestInput = z.input<typeof ResetRequestSchema>;
export type ResetRequestValues = z.output<typeof ResetRequestSchema>;

export const NewPasswordSchema = z.object({ newPassword: PasswordSchema });
export type NewPasswordInput = z.input<typeof NewPasswordSchema>;
export type NewPasswordValues = z.output<typeof NewPasswordSchema>;
