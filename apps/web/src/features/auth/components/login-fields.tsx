import { useCallback, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useSignIn } from '../api/sign-in';
import type { LoginInput, LoginValues } from '../schemas';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { authErrorMessage } from '../utils/auth-errors';
import type { HandOver } from './deferred-form';
import { LiveForm, useHandOver } from './live-form';
import { loginShape } from './login-form';

/** zod and the schema load on the first validation (docs/decisions/0042). */
const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.LoginSchema));

export type LoginFieldsProps = {
  redirectTo: string;
  /** The provider's error to show under the form; null as an attempt starts. */
  onError: (message: string | null) => void;
  onBusy: (busy: boolean) => void;
};

/** The live login form (login-form.tsx shows it plain until touched): validation, sign-in, redirect. */
const LoginFields = ({
  redirectTo,
  onError,
  onBusy,
  handOver,
}: LoginFieldsProps & { handOver: () => HandOver }) => {
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver,
    defaultValues: { email: '', password: '' },
  });

  useHandOver(
    handOver,
    formRef,
    useCallback((name: string, value: string) => setValue(name as keyof LoginInput, value), [setValue]),
  );

  const onSubmit = handleSubmit(async (values) => {
    onError(null);
    try {
      await signIn.mutateAsync(values);
      await navigate(redirectTo, { replace: true });
    } catch (error) {
      onError(authErrorMessage(error));
    }
  });

  return (
    <LiveForm
      {...loginShape}
      formRef={formRef}
      onSubmit={onSubmit}
      onFocus={resolver.preload}
      onBusy={onBusy}
      busy={isSubmitting || signIn.isPending}
      errors={errors}
      register={(name) => register(name as keyof LoginInput)}
    />
  );
};

export default LoginFields;
