import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryState, type QueryLike } from './query-state';

const pending: QueryLike<string> = {
  isPending: true,
  isError: false,
  data: undefined,
  error: null,
  refetch: () => undefined,
};
const failed: QueryLike<string> = { ...pending, isPending: false, isError: true, error: new Error('down') };

describe('QueryState', () => {
  it('makes both sentences from the subject', () => {
    const { rerender } = render(
      <QueryState query={pending} subject="the audit log">
        {(data) => data}
      </QueryState>,
    );
    expect(screen.getByRole('status', { name: 'Loading the audit log' })).toBeInTheDocument();
    rerender(
      <QueryState query={failed} subject="the audit log">
        {(data) => data}
      </QueryState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The audit log could not be loaded.');
  });

  it('says a sentence given in its place', () => {
    const { rerender } = render(
      <QueryState query={pending} subject="the returns" loadingLabel="Loading returns">
        {(data) => data}
      </QueryState>,
    );
    expect(screen.getByRole('status', { name: 'Loading returns' })).toBeInTheDocument();
    rerender(
      <QueryState
        query={failed}
        subject="the users"
        errorText={(error) => `Could not load: ${error.message}`}
      >
        {(data) => data}
      </QueryState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load: down');
  });
});
