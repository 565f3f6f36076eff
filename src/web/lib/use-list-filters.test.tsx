/** The list-filter hook: the state of a list page in the URL, read through the shared query schema. */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileListQuerySchema } from '../../shared/schemas';
import { listSearch, SEARCH_DELAY_MS, useListFilters } from './use-list-filters';

function ListPage() {
  const { filters, update, searchText, setSearchText } = useListFilters(ProfileListQuerySchema);
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <div>
      <input aria-label="Search" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
      <output aria-label="filters">{JSON.stringify(filters)}</output>
      <output aria-label="url">{location.search}</output>
      <button type="button" onClick={() => update({ looking: !filters.looking })}>
        Looking
      </button>
      <button type="button" onClick={() => update({ skills: [...filters.skills, 'Go'] })}>
        Add Go
      </button>
      <button type="button" onClick={() => update({ page: filters.page + 1 })}>
        Next
      </button>
      <button type="button" onClick={() => update({ looking: filters.looking })}>
        Same
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </div>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/profiles', element: <ListPage /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}
const filters = () => JSON.parse(screen.getByLabelText('filters').textContent ?? '{}');
const url = () => screen.getByLabelText('url').textContent;

afterEach(() => vi.useRealTimers());

describe('useListFilters', () => {
  it('reads the URL through the shared schema: values parsed, nonsense falls back to the default', () => {
    renderAt('/profiles?q=%20python%20&skills=React,Go&availability=Nope&looking=true&page=abc');
    expect(filters()).toMatchObject({ q: 'python', skills: ['React', 'Go'], looking: true, page: 1, pageSize: 24 });
    expect(filters().availability).toBeUndefined();
    // The search box shows the text as typed.
    expect(screen.getByLabelText('Search')).toHaveValue(' python ');
  });

  it('writes changes to the URL, back to page 1, leaving defaults out; Back steps through them', async () => {
    const router = renderAt('/profiles?page=3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(url()).toBe('?page=4');
    await userEvent.click(screen.getByRole('button', { name: 'Add Go' }));
    expect(url()).toBe('?skills=Go');
    await userEvent.click(screen.getByRole('button', { name: 'Looking' }));
    expect(url()).toBe('?skills=Go&looking=true');
    await act(() => router.navigate(-1));
    expect(url()).toBe('?skills=Go');
    expect(filters()).toMatchObject({ skills: ['Go'], looking: false });
    await act(() => router.navigate(-1));
    expect(url()).toBe('?page=4');
  });

  it('adds no history entry for a change that changes nothing', async () => {
    const router = renderAt('/profiles?looking=true');
    const before = router.state.historyAction;
    await userEvent.click(screen.getByRole('button', { name: 'Same' }));
    expect(url()).toBe('?looking=true');
    expect(router.state.historyAction).toBe(before);
  });

  it('applies typing once the user pauses, replacing the entry; a filter change carries text typed but not applied', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderAt('/profiles');
    await user.type(screen.getByLabelText('Search'), 'rust');
    expect(url()).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS + 50));
    expect(url()).toBe('?q=rust');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.type(screen.getByLabelText('Search'), 'y');
    await user.click(screen.getByRole('button', { name: 'Looking' }));
    expect(url()).toBe('?q=rusty&looking=true');
  });

  it('the search box follows the URL when it changes from outside (Back)', async () => {
    const router = renderAt('/profiles?q=go');
    await act(() => router.navigate('/profiles?q=python'));
    expect(screen.getByLabelText('Search')).toHaveValue('python');
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Search')).toHaveValue('go');
  });
});

describe('listSearch', () => {
  it('leaves out defaults and blank search, joins lists', () => {
    const defaults = ProfileListQuerySchema.parse({});
    expect(listSearch({ ...defaults, q: '  ', skills: ['A', 'B'], page: 2 }, defaults)).toBe('skills=A%2CB&page=2');
  });
});
