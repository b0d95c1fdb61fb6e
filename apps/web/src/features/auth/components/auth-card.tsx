import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';

/** The frame of the auth pages: a centred card with a title. */
export const AuthCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <div className="flex justify-center px-4 py-10 sm:py-16">
    <div className="w-full max-w-md rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8">
      <h1 className="text-center text-3xl font-extrabold tracking-tight">{title}</h1>
      <div className="mt-6">{children}</div>
    </div>
  </div>
);

/** A provider error under the form (docs/product.md §8), announced to screen readers. */
export const ProviderError = ({ message }: { message: string | null }) => (
  <Alert variant="box" className="mt-4">
    {message}
  </Alert>
);

/** A success note at the top of a form (password changed, e-mail sent). */
export const Notice = ({ children }: { children: ReactNode }) => (
  <p
    role="status"
    className="mb-4 rounded-md border border-success/30 bg-green-50 p-3 text-sm font-medium text-[#166534]"
  >
    {children}
  </p>
);

/** The 'or' rule between the email form and Google. */
export const OrDivider = () => <div className="divider my-5 text-sm text-base-content/70">OR</div>;
