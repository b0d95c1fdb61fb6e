import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CardForm } from './card-form';

/** A row's Edit button opening a form elsewhere on the page, as the members table does. */
const EditRow = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      {open ? (
        <CardForm title="Edit Bailey" onSubmit={async () => undefined} reveal>
          <label>
            Limit per order
            <input name="limit" />
          </label>
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </CardForm>
      ) : null}
      <button type="button" onClick={() => setOpen(true)}>
        Edit Bailey
      </button>
    </>
  );
};

describe('CardForm with reveal', () => {
  it('focuses its first field when it opens, and gives the focus back to the opener when it closes', async () => {
    render(<EditRow />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Bailey' }));
    expect(screen.getByRole('form', { name: 'Edit Bailey' })).toBeInTheDocument();
    expect(screen.getByLabelText('Limit per order')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit Bailey' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Bailey' })).toHaveFocus();
  });
});
