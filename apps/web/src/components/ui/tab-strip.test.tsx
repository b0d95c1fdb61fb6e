import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TabStrip } from './tab-strip';

const TABS = ['details', 'members', 'approvals'] as const;

const Strip = ({ onSelect }: { onSelect?: (tab: string) => void }) => {
  const [selected, setSelected] = useState<(typeof TABS)[number]>('details');
  return (
    <TabStrip
      label="Sections"
      tabs={TABS}
      selected={selected}
      labelOf={(tab) => tab.toUpperCase()}
      onSelect={(tab) => {
        setSelected(tab);
        onSelect?.(tab);
      }}
      idPrefix="t"
      panelId="panel"
    />
  );
};

describe('TabStrip', () => {
  it('is one tab stop; the arrow keys, Home and End move the selection and the focus', async () => {
    const onSelect = vi.fn();
    render(
      <>
        <Strip onSelect={onSelect} />
        <button type="button">After</button>
      </>,
    );
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'DETAILS' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'MEMBERS' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'MEMBERS' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'APPROVALS' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'DETAILS' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(onSelect).toHaveBeenLastCalledWith('approvals');
    // Tab leaves the row instead of walking through every tab.
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });
});
