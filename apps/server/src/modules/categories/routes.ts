import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttributeBodySchema,
  AttributeSchema,
  CategoryBodySchema,
  CategorySchema,
  ProductSpecsBodySchema,
} from '@forgeline/shared/schemas/catalogue';
import { createdResponses, IdParams, okResponses } from '../../lib/route-schemas.ts';
import { currentUser } from '../../plugins/app/auth.ts';
import {
  addAttribute,
  createCategory,
  deleteCategory,
  readCatalogue,
  removeAttribute,
  setProductSpecs,
  updateCategory,
} from './service.ts';
import { toCategoryDto } from './tree.ts';

const tags = ['catalogue'];
const TreeSchema = z.object({ categories: z.array(CategorySchema), attributes: z.array(AttributeSchema) });
const Ok = z.object({ acknowledged: z.literal(true) });

/** The tree and every attribute (public: the catalogue's navigation). */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Every category (parent before child order is not promised) and every attribute',
        response: okResponses(TreeSchema),
      },
    },
    async (_request, reply) => {
      const catalogue = await readCatalogue(app.db);
      reply.header('cache-control', 'no-cache');
      return {
        categories: catalogue.tree.rows.map(toCategoryDto),
        attributes: catalogue.attributes.map((row) => ({
          _id: row.id,
          categoryId: row.categoryId,
          key: row.key,
          label: row.label,
          type: row.type,
          unit: row.unit,
          options: row.options,
          position: row.position,
        })),
      };
    },
  );
};

/** The shop admin's edits of the tree, its attributes and a part's values (inside the admin area). */
export const categoryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Adds a category (admin); 400 naming the field for a used address name or an unknown parent',
        body: CategoryBodySchema,
        response: createdResponses(CategorySchema),
      },
    },
    async (request, reply) =>
      reply.code(201).send(toCategoryDto(await createCategory(app, currentUser(request), request.body))),
  );

  app.put(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'Renames or moves a category (admin); 400 when the move would make a cycle',
        params: IdParams,
        body: CategoryBodySchema,
        response: okResponses(CategorySchema),
      },
    },
    async (request) =>
      toCategoryDto(await updateCategory(app, currentUser(request), request.params.id, request.body)),
  );

  app.delete(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'Deletes an empty category (admin); 409 while it has subcategories or parts',
        params: IdParams,
        response: okResponses(Ok),
      },
    },
    async (request) => {
      await deleteCategory(app, currentUser(request), request.params.id);
      return { acknowledged: true as const };
    },
  );

  app.post(
    '/categories/:id/attributes',
    {
      schema: {
        tags,
        summary: "Adds a typed attribute to a category and so to its subcategories' parts (admin)",
        params: IdParams,
        body: AttributeBodySchema,
        response: createdResponses(AttributeSchema),
      },
    },
    async (request, reply) => {
      const row = await addAttribute(app, currentUser(request), request.params.id, request.body);
      return reply.code(201).send({ ...row, _id: row.id });
    },
  );

  app.delete(
    '/category-attributes/:id',
    {
      schema: {
        tags,
        summary: "Removes an attribute and every part's value of it (admin)",
        params: IdParams,
        response: okResponses(Ok),
      },
    },
    async (request) => {
      await removeAttribute(app, currentUser(request), request.params.id);
      return { acknowledged: true as const };
    },
  );

  app.put(
    '/product/:id/specs',
    {
      schema: {
        tags,
        summary:
          'Puts a part in a category with its attribute values, replacing what it had (admin); 400 naming each value of the wrong type or unit, or outside the category',
        params: IdParams,
        body: ProductSpecsBodySchema,
        response: okResponses(Ok),
      },
    },
    async (request) => {
      await setProductSpecs(app, currentUser(request), request.params.id, request.body);
      return { acknowledged: true as const };
    },
  );
};
