import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { AddReviewForm } from './add-review-form';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const user = { name: 'Dana Buyer', email: 'dana@example.com', image: null };

describe('AddReviewForm', () => {
  beforeEach(() => vi.mocked(toast.error).mockClear());

  it('shows name and email disabled, and requires rating, designation and review', async () => {
    const onSubmit = vi.fn();
    render(<AddReviewForm user={user} onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText('Email')).toHaveValue('dana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please give a rating to proceed review!')).toBeInTheDocument();
    expect(screen.getByText('Designation is required')).toBeInTheDocument();
    expect(screen.getByText('Review is required')).toBeInTheDocument();
    // Toasts load react-toastify on first use (lib/toast.ts): they arrive a moment later.
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Please give a rating to proceed review!'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers five named radio stars and submits the review', async () => {
    const onSubmit = vi.fn().mockResolvedValue({ insertedId: 'r1' });
    render(<AddReviewForm user={user} onSubmit={onSubmit} />);
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    await userEvent.type(screen.getByLabelText('Designation'), 'Plant Engineer');
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await userEvent.type(screen.getByLabelText('Review'), 'Parts arrived on time.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: 'Dana Buyer',
        email: 'dana@example.com',
        img: null,
        profession: 'Plant Engineer',
        review: 'Parts arrived on time.',
        rating: 4,
      }),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Congratulation Dana Buyer!!Thanks for your review.'),
    );
    expect(screen.queryByText('Please give a rating to proceed review!')).not.toBeInTheDocument();
  });

  it('sends the part under review when written from a product page', async () => {
    const onSubmit = vi.fn().mockResolvedValue({ insertedId: 'r2' });
    render(<AddReviewForm user={user} onSubmit={onSubmit} productId="p-1" />);
    await userEvent.type(screen.getByLabelText('Designation'), 'Buyer');
    await userEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    await userEvent.type(screen.getByLabelText('Review'), 'Good part.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ productId: 'p-1' })));
  });
});
