import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollManager } from './ScrollManager';

let y = 0;
const scrollTo = vi.fn((_x: number, top: number) => {
  y = top;
});
beforeEach(() => {
  y = 0;
  scrollTo.mockClear();
  vi.stubGlobal('scrollTo', scrollTo);
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const scrolledTo = async (top: number) => {
  y = top;
  await act(async () => {
    window.dispatchEvent(new Event('scroll'));
    await new Promise((r) => requestAnimationFrame(() => r(null)));
  });
};

function List() {
  return (
    <Link to="/properties/p1" state={{ back: { to: '/properties?city=Pune', label: 'Back to the list' } }}>
      Lake View
    </Link>
  );
}
function Property() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Lake View</h1>
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
      <Link to="/properties?city=Pune">Back to the list</Link>
      <Link to="/properties/p2">Another</Link>
      <button type="button" onClick={() => navigate('/properties/p1?tab=rooms', { replace: true })}>
        Filter
      </button>
    </>
  );
}

function renderApp() {
  render(
    <MemoryRouter initialEntries={['/properties?city=Pune']}>
      <ScrollManager />
      <Routes>
        <Route path="/properties" element={<List />} />
        <Route path="/properties/:id" element={<Property />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ScrollManager (issue 19)', () => {
  it('opens a new page at the top, and Back returns to where the list was', async () => {
    const user = userEvent.setup();
    renderApp();
    await scrolledTo(1975);
    await user.click(screen.getByRole('link', { name: 'Lake View' }));
    expect(screen.getByRole('heading', { name: 'Lake View' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(y).toBe(0);

    await scrolledTo(400);
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(screen.getByRole('link', { name: 'Lake View' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1975);
  });

  it("the page's own Back link to the page that opened it also returns to its place; other links start at the top", async () => {
    const user = userEvent.setup();
    renderApp();
    await scrolledTo(1200);
    await user.click(screen.getByRole('link', { name: 'Lake View' }));
    expect(y).toBe(0);
    await user.click(screen.getByRole('link', { name: 'Back to the list' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
    await user.click(screen.getByRole('link', { name: 'Lake View' }));
    await scrolledTo(300);
    scrollTo.mockClear();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(scrollTo).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'Another' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});
