import { Link } from 'react-router-dom';

export function TopBar() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3 sm:px-6">
        <Link to="/" className="text-xl font-bold text-brand-700">
          Kiraya
        </Link>
        <div className="flex items-center gap-4">
          <Link to="/properties" className="font-medium text-slate-700 hover:text-brand-700">
            Properties
          </Link>
          <Link to="/auth" className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
            Get Started
          </Link>
        </div>
      </nav>
    </header>
  );
}
