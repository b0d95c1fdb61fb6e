import type { ReactNode } from 'react';

/** An outlined button in the error red, for what removes or cancels something. */
export const DANGER_BUTTON_CLASS =
  'btn btn-sm btn-outline border-[#b91c1c] text-[#b91c1c] hover:bg-[#b91c1c] hover:text-white';

/**
 * The error red: #b91c1c has 6.5:1 contrast on white and 5.9:1 on the base-200 grey, so it passes axe's
 * colour-contrast rule (daisyUI's light `text-error` does not). Every error text uses this class.
 */
export const ERROR_TEXT_CLASS = 'text-sm font-medium text-[#b91c1c]';

const variantClass = {
  /** A line of red text, as under a form. */
  inline: ERROR_TEXT_CLASS,
  /** A red text in a light red box, as under the auth forms. */
  box: `rounded-md border border-[#b91c1c]/30 bg-red-50 p-3 ${ERROR_TEXT_CLASS}`,
  /** Light red, readable on a dark background such as the footer's. */
  onDark: 'text-sm font-medium text-red-300',
} as const;

type AlertProps = {
  children: ReactNode;
  variant?: keyof typeof variantClass;
  className?: string;
  /** `false` for a text inside a live region that is announced already. */
  announce?: boolean;
  id?: string;
  'data-testid'?: string;
};

/** An error message in the error red, announced to screen readers (role="alert"); nothing when empty. */
export const Alert = ({
  children,
  variant = 'inline',
  className = '',
  announce = true,
  ...rest
}: AlertProps) =>
  children ? (
    <p role={announce ? 'alert' : undefined} className={`${variantClass[variant]} ${className}`} {...rest}>
      {children}
    </p>
  ) : null;
