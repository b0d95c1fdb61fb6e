import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { lazyRoute } from '@/lib/lazy-route';
import { ServerMarkup } from './server-markup';

const Answers = () => <p>Measure first.</p>;
afterEach(() => document.body.replaceChildren());

describe('ServerMarkup', () => {
  it("keeps the server's markup on the first render of its page, without loading the component", async () => {
    const load = vi.fn(async () => ({ default: Answers }));
    // What the server sent: the element with its markup already in the page.
    const container = document.createElement('div');
    container.innerHTML = '<div id="answers"><p>Measure first.</p><a href="#q2">Next</a></div>';
    document.body.append(container);
    await act(async () => {
      render(<ServerMarkup id="answers" Content={lazyRoute(load)} fallback="Loading…" />, {
        container,
        hydrate: true,
      });
    });
    expect(container.querySelector('#answers')?.innerHTML).toBe(
      '<p>Measure first.</p><a href="#q2">Next</a>',
    );
    expect(load).not.toHaveBeenCalled();
  });

  it('loads and renders the component on a visit from another page (no such markup)', async () => {
    const load = vi.fn(async () => ({ default: Answers }));
    await act(async () => {
      render(<ServerMarkup id="answers" Content={lazyRoute(load)} fallback="Loading…" />);
    });
    expect(await screen.findByText('Measure first.')).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });
});
