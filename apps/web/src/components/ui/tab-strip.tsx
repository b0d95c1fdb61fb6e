import { useEffect, useRef, type KeyboardEvent } from 'react';

type TabStripProps<T extends string> = {
  /** The tabs' accessible name. */
  label: string;
  tabs: readonly T[];
  selected: T;
  labelOf: (tab: T) => string;
  onSelect: (tab: T) => void;
  /** Each tab is `${idPrefix}-${tab}`; the panel is `panelId` (aria-labelledby the selected tab). */
  idPrefix: string;
  panelId: string;
};

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * A row of tabs (the WAI-ARIA tabs pattern): one tab stop, the arrow keys, Home and End move between
 * tabs. On a phone the row scrolls sideways rather than wrapping, and the selected tab is scrolled into
 * sight, so one opened by a link is not cut off at the edge.
 */
export const TabStrip = <T extends string>({
  label,
  tabs,
  selected,
  labelOf,
  onSelect,
  idPrefix,
  panelId,
}: TabStripProps<T>) => {
  const strip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const row = strip.current;
    const tab = row?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!row || !tab) return;
    // Only the row scrolls (scrollIntoView would move the page too).
    if (tab.offsetLeft < row.scrollLeft) row.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollLeft = tab.offsetLeft + tab.offsetWidth - row.clientWidth;
  }, [selected]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = tabs[step(tabs.indexOf(selected), tabs.length)];
    if (next === undefined) return;
    onSelect(next);
    strip.current?.querySelector<HTMLElement>(`#${idPrefix}-${next}`)?.focus();
  };

  return (
    <div
      ref={strip}
      role="tablist"
      aria-label={label}
      className="relative flex gap-1 overflow-x-auto border-b border-base-300 pb-2"
      onKeyDown={onKeyDown}
    >
      {tabs.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={`${idPrefix}-${name}`}
          aria-selected={selected === name}
          aria-controls={panelId}
          tabIndex={selected === name ? 0 : -1}
          className={`btn btn-sm shrink-0 ${selected === name ? 'btn-primary' : 'btn-ghost'}`}
          onClick={() => onSelect(name)}
        >
          {labelOf(name)}
        </button>
      ))}
    </div>
  );
};
