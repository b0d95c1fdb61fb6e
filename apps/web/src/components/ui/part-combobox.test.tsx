import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@forgeline/shared/schemas/product';
import { renderWithProviders } from '../../../test/render';
import { PartCombobox, type SearchParts } from './part-combobox';

const part = (sku: string, name: string) => ({ _id: sku.toLowerCase(), sku, name }) as Product;
const catalogue = [
  part('FL-BRG-6204', 'Deep groove ball bearing 6204'),
  part('FL-BRG-6205', 'Ball bearing 6205'),
];

const Picker = ({ search, onSelect }: { search: SearchParts; onSelect: (part: Product | null) => void }) => {
  const [selected, setSelected] = useState<Product | null>(null);
  return (
    <>
      <label htmlFor="pick">Part 1</label>
      <PartCombobox
        id="pick"
        selected={selected}
        search={search}
        onSelect={(chosen) => {
          setSelected(chosen);
          onSelect(chosen);
        }}
      />
    </>
  );
};

describe('PartCombobox', () => {
  it('searches by what is typed and chooses with the arrow keys and Enter', async () => {
    const search = vi.fn<SearchParts>(async (term) =>
      catalogue.filter((p) => `${p.sku} ${p.name}`.toLowerCase().includes(term.toLowerCase())),
    );
    const onSelect = vi.fn();
    renderWithProviders(<Picker search={search} onSelect={onSelect} />);
    const box = screen.getByRole('combobox', { name: 'Part 1' });
    await userEvent.type(box, 'fl-brg');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(search).toHaveBeenLastCalledWith('fl-brg', expect.anything());
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]!.id);
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(catalogue[1]);
    expect(box).toHaveValue('FL-BRG-6205 · Ball bearing 6205');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('finds a part by a word of its name, and forgets the choice when the text changes', async () => {
    const search = vi.fn<SearchParts>(async (term) =>
      catalogue.filter((p) => p.name.toLowerCase().includes(term.toLowerCase())),
    );
    const onSelect = vi.fn();
    renderWithProviders(<Picker search={search} onSelect={onSelect} />);
    const box = screen.getByRole('combobox', { name: 'Part 1' });
    await userEvent.type(box, 'groove');
    await userEvent.click(await screen.findByRole('option', { name: /Deep groove/ }));
    expect(onSelect).toHaveBeenLastCalledWith(catalogue[0]);
    await userEvent.type(box, 'x');
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });
});
