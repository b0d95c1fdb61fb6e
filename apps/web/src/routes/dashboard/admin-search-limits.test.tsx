import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import type { ZodType } from 'zod';
import { AuditQuerySchema } from '@forgeline/shared/schemas/audit';
import { OrderSearchQuerySchema } from '@forgeline/shared/schemas/order-search';
import { UserSearchQuerySchema } from '@forgeline/shared/schemas/user-search';
import { ProductListQuerySchema } from '@forgeline/shared/schemas/product';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import AuditRoute from './audit';
import ManageOrdersRoute from './manage-orders';
import ManageProductsRoute from './manage-products';
import MakeAdminRoute from './make-admin';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

/**
 * Every search box of an admin list, in page order, with the query field the server reads it into.
 * A box that lets an admin type more than the server takes ends in a refusal they cannot explain.
 */
const lists: { name: string; page: ReactElement; route?: string; schema: ZodType; fields: string[] }[] = [
  {
    name: 'Manage All Orders',
    page: <ManageOrdersRoute />,
    schema: OrderSearchQuerySchema,
    fields: ['search'],
  },
  { name: 'Make Admin', page: <MakeAdminRoute />, schema: UserSearchQuerySchema, fields: ['search'] },
  {
    name: 'Manage Products',
    page: <ManageProductsRoute />,
    schema: ProductListQuerySchema,
    fields: ['search'],
  },
  {
    name: 'Audit log',
    page: <AuditRoute />,
    route: '/dashboard/audit',
    schema: AuditQuerySchema,
    fields: ['search', 'actor'],
  },
];

describe('admin list searches', () => {
  it.each(lists)('$name: each search box takes exactly what the server accepts', async (list) => {
    vi.stubGlobal('fetch', async () => jsonResponse([], 200, { 'x-total-count': '0' }));
    renderWithProviders(list.page, list.route ? { route: list.route } : {});
    const boxes = (await screen.findAllByRole('searchbox')) as HTMLInputElement[];
    expect(boxes).toHaveLength(list.fields.length);
    boxes.forEach((box, index) => {
      const field = list.fields[index]!;
      const longest = box.maxLength;
      expect(longest, `${field} has a maxLength`).toBeGreaterThan(0);
      expect(list.schema.safeParse({ [field]: 'a'.repeat(longest) }).success, `${field} at ${longest}`).toBe(
        true,
      );
      expect(
        list.schema.safeParse({ [field]: 'a'.repeat(longest + 1) }).success,
        `${field} past ${longest}`,
      ).toBe(false);
    });
  });
});
