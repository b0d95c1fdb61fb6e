import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NewsletterBox } from './newsletter-box';

const renderBox = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NewsletterBox />
    </QueryClientProvider>,
  );

describe('NewsletterBox', () => {
  it('is plain HTML until touched; the form then takes over what was typed and the focus', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    renderBox();
    const plain = screen.getByLabelText('Enter your email address');
    await user.type(plain, 'buyer@acme.example');
    // The form replaced the plain field: another element, same value, focused.
    await waitFor(() => expect(screen.getByLabelText('Enter your email address')).not.toBe(plain));
    const field = screen.getByLabelText('Enter your email address');
    expect(field).toHaveValue('buyer@acme.example');
    expect(field).toHaveFocus();
    vi.unstubAllGlobals();
  });

  it('passes a submit of the plain box to the form, which validates it', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    renderBox();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
