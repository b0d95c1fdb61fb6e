import { Field } from './form-field';

/**
 * The buyer's name and e-mail at the top of a form they send as themselves (an order, a review): shown,
 * not editable — the server takes both from the session, never from the form.
 */
export const SignedInFields = ({
  idPrefix,
  user,
}: {
  /** The form's prefix for the fields' ids (`${idPrefix}-name`, `${idPrefix}-email`). */
  idPrefix: string;
  user: { name: string; email: string };
}) => (
  <>
    <Field id={`${idPrefix}-name`} label="Name">
      <input id={`${idPrefix}-name`} className="input w-full" value={user.name} disabled readOnly />
    </Field>
    <Field id={`${idPrefix}-email`} label="Email">
      <input
        id={`${idPrefix}-email`}
        type="email"
        className="input w-full"
        value={user.email}
        disabled
        readOnly
      />
    </Field>
  </>
);
