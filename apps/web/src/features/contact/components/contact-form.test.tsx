import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { contactMessages } from '@forgeline/shared/schema-constants';
import ContactForm from './contact-form';
import { sentRequest } from '../../../../test/render';

const renderForm = () => {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ContactForm />
    </QueryClientProvider>,
  );
};

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('ContactForm', () => {
  it('shows the required messages and sends nothing when submitted empty', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderForm();

    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText(contactMessages.messageRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects an invalid email and a too short message with their messages', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByLabelText('Name'), 'Rahim');
    await user.type(screen.getByLabelText('Email'), 'rahim@example');
    await user.type(screen.getByLabelText('Your Message'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
    expect(screen.getByText(contactMessages.messageTooShort)).toBeInTheDocument();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
  });

  it('posts a valid message to /api/contact and shows the confirmation', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(201, { acknowledged: true, insertedId: 'abc' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByLabelText('Name'), 'Rahim Uddin');
    await user.type(screen.getByLabelText('Email'), 'Rahim@Example.com');
    await user.type(screen.getByLabelText('Your Message'), 'Please quote 5,000 M8 bolts.');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('status')).toHaveTextContent(contactMessages.contactSent);
    expect(screen.getByRole('status')).toHaveTextContent('Thank you, Rahim Uddin!');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/contact',
      method: 'POST',
      body: {
        name: 'Rahim Uddin',
        email: 'rahim@example.com',
        message: 'Please quote 5,000 M8 bolts.',
      },
    });
  });

  it("shows the server's message when it refuses (rate limit)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(429, {
          message: 'Too many requests. Please wait a moment and try again.',
          code: 'RATE_LIMITED',
        }),
      ),
    );
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Name'), 'Rahim');
    await user.type(screen.getByLabelText('Email'), 'rahim@example.com');
    await user.type(screen.getByLabelText('Your Message'), 'A long enough message.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Too many requests. Please wait a moment and try again.',
      ),
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
