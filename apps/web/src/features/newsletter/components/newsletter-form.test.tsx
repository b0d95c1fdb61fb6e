import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { contactMessages } from '@forgeline/shared/schema-constants';
import NewsletterForm from './newsletter-form';
import { sentRequest } from '../../../../test/render';

const renderForm = () => {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <NewsletterForm />
    </QueryClientProvider>,
  );
};

afterEach(() => vi.unstubAllGlobals());

describe('NewsletterForm', () => {
  it("says 'Email is required' when submitted empty, and sends nothing", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Enter your email address')).toHaveAccessibleDescription(
      'Email is required',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Provide a valid Email' for an address without a domain ending", async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Enter your email address'), 'buyer@acme');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
  });

  it("subscribes and shows the server's confirmation in place of the form", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ acknowledged: true, message: contactMessages.subscribed }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Enter your email address'), 'buyer@acme-industrial.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(contactMessages.subscribed);
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/newsletter',
      method: 'POST',
      body: { email: 'buyer@acme-industrial.com' },
    });
  });
});
