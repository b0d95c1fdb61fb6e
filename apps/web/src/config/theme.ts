/**
 * Colours for what cannot take a Tailwind class (Stripe's card iframe, SweetAlert's buttons). The error red
 * is the one of `components/ui/alert.tsx`: it passes axe's colour-contrast rule on white.
 */
export const ERROR_COLOR = '#b91c1c';
