import { useCallback, useRef, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useSignUp } from '../api/sign-up';
import type { SignupInput, SignupValues } from '../schemas';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { authErrorMessage } from '../utils/auth-errors';
import { Notice } from './auth-card';
import type { HandOver } from './deferred-form';
import { LiveForm, useHandOver } from './live-form';
import { signupShape } from './signup-form';

/** zod and the schema load on the first validation (docs/decisions/0042). */
const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.SignupSchema));

export type SignupFieldsProps = {
  redirectTo: string;
  /** The provider's error to show under the form; null as an attempt starts. */
  onError: (message: string | null) => void;
  onBusy: (busy: boolean) => void;
  /** The address has an account already: a message went to it (decisions 0131, 0191); the note to show. */
  onMailed: (notice: ReactNode) => void;
};

/** Above the form once an address that has an account was given. */
const MailedNotice = ({ email }: { email: string }) => (
  <Notice>
    We have sent a message to {email}. If this address already has an account, the message holds a link to
    choose a new password and sign in. It may take a minute to arrive.
  </Notice>
);

/** The live sign-up form (signup-form.tsx shows it plain until touched): validation, sign-up, redirect. */
const SignupFields = ({
  redirectTo,
  onError,
  onBusy,
  onMailed,
  handOver,
}: SignupFieldsProps & { handOver: () => HandOver }) => {
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, SignupValues>({
    resolver,
    defaultValues: { name: '', email: '', password: '' },
  });

  useHandOver(
    handOver,
    formRef,
    useCallback((name: string, value: string) => setValue(name as keyof SignupInput, value), [setValue]),
  );

  const onSubmit = handleSubmit(async (values) => {
    onError(null);
    try {
      if (!(await signUp.mutateAsync(values))) {
        onMailed(<MailedNotice email={values.email} />);
        return;
      }
      await navigate(redirectTo, { replace: true });
    } catch (error) {
      onError(authErrorMessage(error));
    }
  });

  return (
    <LiveForm
      {...signupShape}
      formRef={formRef}
      onSubmit={onSubmit}
      onFocus={resolver.preload}
      onBusy={onBusy}
      busy={isSubmitting || signUp.isPending}
      errors={errors}
      register={(name) => register(name as keyof SignupInput)}
    />
  );
};

export default SignupFields;
