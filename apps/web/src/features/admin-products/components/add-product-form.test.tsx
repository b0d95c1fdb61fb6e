import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { ApiError } from '@/lib/api-client';
import { AddProductForm } from './add-product-form';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const uploadImage = vi.fn();
vi.mock('../api/upload-image', () => ({ uploadImage: (...args: unknown[]) => uploadImage(...args) }));

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <AddProductForm />
    </QueryClientProvider>,
  );

/** The server's answer to POST /api/product: 201 with the new id. Answers the fetch mock. */
const stubProductCreated = (insertedId: string) => {
  const fetchMock = vi.fn().mockResolvedValue(
    new Response(JSON.stringify({ insertedId }), {
      status: 201,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const fillValidFields = async () => {
  await userEvent.type(screen.getByLabelText('Product Name'), 'Flange Plate');
  await userEvent.type(screen.getByLabelText('Price Per Unit'), '12.5');
  await userEvent.type(screen.getByLabelText('Minimum Order Quantity'), '50');
  await userEvent.type(screen.getByLabelText('Available Quantity'), '900');
  await userEvent.type(screen.getByLabelText('Description'), 'Laser cut steel.');
  await userEvent.upload(
    screen.getByLabelText('Product Photo'),
    new File(['png'], 'plate.png', { type: 'image/png' }),
  );
};

describe('AddProductForm', () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
    uploadImage.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the spec's message for every empty field", async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    for (const message of [
      'Name is required',
      'Price is required',
      'Minimum Quantity is required',
      'Available Quantity is required',
      'Description is required',
      'Image is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(uploadImage).not.toHaveBeenCalled();
  });

  it("uploads the photo, posts the product and says 'Product Added successfully'", async () => {
    uploadImage.mockImplementation(
      async (_file: File, { onProgress }: { onProgress: (n: number) => void }) => {
        onProgress(40);
        return { success: true, data: { url: '/uploads/plate.webp' } };
      },
    );
    const fetchMock = stubProductCreated('p1');
    renderForm();
    await fillValidFields();
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Product Added successfully'));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/product');
    expect(JSON.parse(init.body as string)).toEqual({
      taxCategory: 'standard',
      name: 'Flange Plate',
      price: 12.5,
      minOrder: 50,
      availableQuantiity: 900,
      // The form's default line for the low-stock alert (decision 0108).
      lowStockThreshold: 10,
      // Not back-orderable unless ticked (decision 0238).
      allowBackorder: false,
      leadTimeDays: null,
      // An empty weight: not weighed (decision 0235).
      weightGrams: null,
      description: 'Laser cut steel.',
      img: '/uploads/plate.webp',
    });
    await waitFor(() => expect(screen.getByLabelText('Product Name')).toHaveValue(''));
  });

  it('asks for a lead time when back-orders are allowed, then sends both', async () => {
    uploadImage.mockResolvedValue({ success: true, data: { url: '/uploads/plate.webp' } });
    const fetchMock = stubProductCreated('p3');
    renderForm();
    await fillValidFields();
    await userEvent.click(screen.getByLabelText('Allow orders beyond the stock'));
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(
      await screen.findByText('A part that allows back-orders needs a lead time in days.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Lead time (days)')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Lead time (days)'), '21');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Product Added successfully'));
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ allowBackorder: true, leadTimeDays: 21 });
  });

  it("adds a part without a photo when 'No photo yet' is ticked: nothing uploaded, img null", async () => {
    const fetchMock = stubProductCreated('p2');
    renderForm();
    await userEvent.type(screen.getByLabelText('Product Name'), 'Spacer');
    await userEvent.type(screen.getByLabelText('Price Per Unit'), '0.2');
    await userEvent.type(screen.getByLabelText('Minimum Order Quantity'), '100');
    await userEvent.type(screen.getByLabelText('Available Quantity'), '5000');
    await userEvent.type(screen.getByLabelText('Description'), 'Turned brass.');
    await userEvent.click(screen.getByLabelText('No photo yet: show a placeholder'));
    expect(screen.getByLabelText('Product Photo')).toBeDisabled();
    expect(screen.getByAltText('No photo: the placeholder')).toHaveAttribute('src', '/part-placeholder.svg');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Product Added successfully'));
    expect(screen.queryByText('Image is required')).toBeNull();
    expect(uploadImage).not.toHaveBeenCalled();
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ name: 'Spacer', img: null });
    // The form is ready for the next part, which needs its photo again.
    await waitFor(() => expect(screen.getByLabelText('No photo yet: show a placeholder')).not.toBeChecked());
  });

  it("says 'Failed to add the Product' when the upload or the save fails", async () => {
    uploadImage.mockRejectedValue(new Error('network'));
    renderForm();
    await fillValidFields();
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to add the Product'));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to add the Product');
  });

  it('says a refused photo once, under the photo field, and takes it back for the next photo', async () => {
    uploadImage.mockRejectedValueOnce(new ApiError(400, 'This file is not an image'));
    renderForm();
    await fillValidFields();
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to add the Product'));
    const photo = screen.getByLabelText('Product Photo');
    expect(await screen.findByText('This file is not an image')).toBeInTheDocument();
    expect(photo).toHaveAttribute('aria-invalid', 'true');
    // No second, different photo message in the alert below the form.
    expect(screen.queryByRole('alert')).toBeNull();

    // Another photo: the refusal of the first one goes away rather than standing beside a new message.
    await userEvent.upload(photo, new File(['png'], 'other.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.queryByText('This file is not an image')).not.toBeInTheDocument());
  });
});
