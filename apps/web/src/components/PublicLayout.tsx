import { Outlet } from 'react-router-dom';
import { TopBar } from './TopBar';

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white py-6 text-center text-sm text-slate-600">
        Kiraya: rentals without brokers.
      </footer>
    </div>
  );
}
