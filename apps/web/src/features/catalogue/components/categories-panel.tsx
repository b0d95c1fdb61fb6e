import { useState } from 'react';
import type { Category } from '@forgeline/shared/schemas/catalogue';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { confirmDialog } from '@/lib/dialogs';
import { actionFailed } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import {
  useAddAttribute,
  useCreateCategory,
  useDeleteCategory,
  useRemoveAttribute,
  useUpdateCategory,
  type CategoryTree,
} from '../api/categories-admin';
import { AttributeForm } from './attribute-form';
import { CategoryForm } from './category-form';

/** The tree in reading order: each category followed by its subcategories, with its depth. */
function inOrder(categories: Category[]): { category: Category; depth: number }[] {
  const children = (parentId: string | null) =>
    categories.filter((category) => category.parentId === parentId);
  const walk = (parentId: string | null, depth: number): { category: Category; depth: number }[] =>
    children(parentId).flatMap((category) => [{ category, depth }, ...walk(category._id, depth + 1)]);
  return walk(null, 0);
}

/**
 * The shop admin's catalogue tree (docs/decisions/0220): add, rename or move a category, delete an
 * empty one, and give a category typed attributes (its subcategories' parts carry them too). A part's
 * category and values are set through the products CSV or PUT /api/product/:id/specs.
 */
export const CategoriesPanel = ({ tree }: { tree: CategoryTree }) => {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const addAttribute = useAddAttribute();
  const removeAttribute = useRemoveAttribute();
  const [editing, setEditing] = useState<string | null>(null);

  const drop = async (category: Category) => {
    if (!(await confirmDialog(`Delete ${category.name}`, 'Only an empty category can be deleted.'))) return;
    try {
      await remove.mutateAsync(category._id);
      toast.success(`${category.name} is deleted`);
    } catch (error) {
      toast.error(actionFailed('delete the category', error));
    }
  };
  const dropAttribute = async (id: string, label: string) => {
    if (!(await confirmDialog(`Remove ${label}`, 'Every part loses its value of it.'))) return;
    try {
      await removeAttribute.mutateAsync(id);
      toast.success(`${label} is removed`);
    } catch (error) {
      toast.error(actionFailed('remove the attribute', error));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-col gap-3" aria-label="Categories">
        {inOrder(tree.categories).map(({ category, depth }) => {
          const attributes = tree.attributes.filter((attribute) => attribute.categoryId === category._id);
          return (
            <li
              key={category._id}
              className="rounded-box border border-base-300 bg-base-100 p-4"
              style={{ marginInlineStart: `${Math.min(depth, 4) * 1.25}rem` }}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold">
                  <Link to={paths.category.getHref(category.slug)} className="link-hover">
                    {category.name}
                  </Link>{' '}
                  <span className="font-mono text-xs text-base-content/70">{category.slug}</span>
                  {category.inches ? <span className="badge badge-sm ml-2">mm · in</span> : null}
                </h3>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className="btn btn-xs btn-outline"
                    onClick={() => setEditing(category._id)}
                  >
                    Edit
                  </button>
                  <button type="button" className="btn btn-xs btn-ghost" onClick={() => void drop(category)}>
                    Delete
                  </button>
                </div>
              </div>
              {attributes.length > 0 && (
                <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Attributes of ${category.name}`}>
                  {attributes.map((attribute) => (
                    <li
                      key={attribute._id}
                      className="badge badge-outline h-auto gap-1 py-1 whitespace-normal"
                    >
                      {attribute.label}
                      <span className="text-base-content/70">
                        {attribute.type === 'number'
                          ? (attribute.unit ?? 'number')
                          : attribute.type === 'choice'
                            ? attribute.options.join(' / ')
                            : 'yes/no'}
                      </span>
                      <button
                        type="button"
                        aria-label={`Remove ${attribute.label}`}
                        className="ml-1"
                        onClick={() => void dropAttribute(attribute._id, attribute.label)}
                      >
                        ×
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {editing === category._id && (
                <div className="mt-3">
                  <CategoryForm
                    category={category}
                    categories={tree.categories}
                    label={`Edit ${category.name}`}
                    submitText="Save"
                    onCancel={() => setEditing(null)}
                    save={async (body) => {
                      await update.mutateAsync({ id: category._id, body });
                      toast.success(`${body.name} is saved`);
                      setEditing(null);
                    }}
                  />
                </div>
              )}
              <details className="mt-3">
                <summary className="cursor-pointer text-sm font-medium">Add an attribute</summary>
                <div className="mt-2">
                  <AttributeForm
                    categoryId={category._id}
                    save={async (body) => {
                      await addAttribute.mutateAsync({ categoryId: category._id, body });
                      toast.success(`${body.label} is added to ${category.name}`);
                    }}
                  />
                </div>
              </details>
            </li>
          );
        })}
      </ul>
      <CategoryForm
        categories={tree.categories}
        label="Add a category"
        submitText="Add category"
        save={async (body) => {
          await create.mutateAsync(body);
          toast.success(`${body.name} is added`);
        }}
      />
    </div>
  );
};
