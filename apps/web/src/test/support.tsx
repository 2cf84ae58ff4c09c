/**
 * The one test-support module of the web component tests: fetch stubs (a route table or a handler),
 * envelope makers, signed-in users, Property/Room makers, and render helpers inside the app's providers.
 */
import type { Property, Room, TenancyRequest, TenantRoom, User } from '@kiraya/contract';
import { endpoints } from '@kiraya/contract/endpoints';
import { type EndpointName, PATHS } from '@kiraya/contract/paths';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { type AppLocale, LocaleProvider } from '../lib/i18n';
import { queryClient } from '../lib/query';
import { SessionProvider } from '../lib/session';
import { contractDrift } from './drift';

type Envelope = { status: number; body: Record<string, unknown> };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A success envelope; the second argument is its message, or extra top-level fields such as `meta`. */
export const ok = <T,>(data: T, extra: string | Record<string, unknown> = 'ok', statusCode = 200): Envelope => ({
  status: statusCode,
  body: { statusCode, data, message: typeof extra === 'string' ? extra : 'ok', success: true, ...(typeof extra === 'string' ? {} : extra) },
});
/** An error envelope with optional field errors. */
export const fail = (status: number, message: string, errors: { path: string; message: string }[] = []): Envelope => ({
  status,
  body: { statusCode: status, message, success: false, errors },
});

/**
 * Each route of the contract as a matcher: literal paths first, so `/properties/fetch-properties` is not read as
 * `/properties/:id`.
 */
const ROUTES = (Object.keys(PATHS) as EndpointName[])
  .map((name) => {
    const { method, path } = PATHS[name];
    const pattern = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    return { name, method: method as string, pattern, params: (path.match(/:/g) ?? []).length };
  })
  .sort((a, b) => a.params - b.params);

/** The contract's endpoint a stubbed call answers, if any. */
export function endpointOf(method: string, path: string): EndpointName | undefined {
  return ROUTES.find((r) => r.method === method && r.pattern.test(path))?.name;
}

/**
 * A stubbed success answer is held to the endpoint's response schema (the contract the server answers with), so a
 * stub that drifts from the API fails its test instead of rendering a page the server never would. Errors, the
 * 204s and paths outside the contract are left as they are.
 */
export function checkStub(method: string, path: string, status: number, body: unknown): void {
  const name = endpointOf(method, path);
  if (!name || status >= 300 || status === 204) return;
  if (!body || typeof body !== 'object' || (body as { success?: unknown }).success !== true) return;
  const parsed = endpoints[name].response.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(envelope)'}: ${i.message}`).join('; ');
    contractDrift.push(`${method} ${path} (${name}) answers what the contract does not: ${issues}`);
  }
}

type Handler = (url: URL, init: RequestInit | undefined) => { status?: number; body: unknown } | undefined;

/** Replaces fetch with a router of handlers; the refresh call succeeds, unknown calls answer 404. Returns the mock. */
export function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/users/refresh-token')) return json(200, { statusCode: 200, data: {}, message: 'ok', success: true });
    const r = handler(url, init) ?? fail(404, 'Not found');
    checkStub((init?.method ?? 'GET').toUpperCase(), url.pathname.replace(/^\/api\/v1/, ''), r.status ?? 200, r.body);
    return json(r.status ?? 200, r.body);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** Shows the current path (and query, with `search`) so tests can assert navigation. */
export function LocationProbe({ search = false }: { search?: boolean }) {
  const { pathname, search: qs } = useLocation();
  return <output data-testid="location">{search ? pathname + qs : pathname}</output>;
}

export const owner: User = {
  _id: 'u-owner',
  role: 'owner',
  username: 'priya_owner',
  fullName: 'Priya Raghavan',
  email: 'priya@kiraya.demo',
  phoneNumber: '+919812017435',
  aadharCardNumber: '234123412346',
  address: '14 Indiranagar, Bengaluru',
  incomingRequests: [],
  createdAt: '2025-01-01T00:00:00.000Z',
};
export const tenant: User = {
  ...owner,
  _id: 'u-tenant',
  role: 'tenant',
  username: 'rahul',
  fullName: 'Rahul Verma',
  email: 'rahul@kiraya.demo',
};

type Reply = { status?: number; body: unknown } | ((init: RequestInit | undefined, url: URL) => { status?: number; body: unknown });
export type Call = { method: string; path: string; body: unknown };

/** Stubs fetch with answers keyed "METHOD /path" (path after /api/v1, no query); records every call. */
export function mockApi(routes: Record<string, Reply>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    if (!route) return json(404, fail(404, 'No route').body);
    const r = typeof route === 'function' ? route(init, url) : route;
    checkStub(method, path, r.status ?? 200, r.body);
    return json(r.status ?? 200, r.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Renders inside the app's providers at `route`; `user` is saved as if signed in (the session check then runs). */
export function renderApp(
  ui: ReactNode,
  {
    route = '/',
    path = '*',
    user,
    search = false,
    locale = 'en-IN',
  }: { route?: string; path?: string; user?: User; search?: boolean; locale?: AppLocale } = {},
) {
  if (user) localStorage.setItem('user', JSON.stringify(user));
  return render(
    // `locale: 'hi-IN'`: the page in Hindi (issue 27); its texts load first, so find them with `findBy…`.
    <LocaleProvider value={locale}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <MemoryRouter initialEntries={[route]}>
            {/* As in the app (its layouts' boundaries): a page or a text that loads shows a fallback, not the previous page. */}
            <Suspense fallback={null}>
              <Routes>
                <Route path={path} element={ui} />
                {path !== '*' ? <Route path="*" element={null} /> : null}
              </Routes>
            </Suspense>
            <LocationProbe search={search} />
          </MemoryRouter>
          <Toaster />
        </SessionProvider>
      </QueryClientProvider>
    </LocaleProvider>,
  );
}

/** Renders at `route` with a fresh query client (no retries); other paths show "elsewhere". */
export function renderAt(
  ui: ReactNode,
  { path = '/', route = '/', locale = 'en-IN' }: { path?: string; route?: string; locale?: AppLocale } = {},
) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <LocaleProvider value={locale}>
      <QueryClientProvider client={qc}>
        <SessionProvider>
          <MemoryRouter initialEntries={[route]}>
            <Suspense fallback={null}>
              <Routes>
                <Route path={path} element={ui} />
                <Route path="*" element={<p>elsewhere</p>} />
              </Routes>
            </Suspense>
            <LocationProbe search />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>
    </LocaleProvider>,
  );
}

let n = 0;
export function makeProperty(over: Partial<Property> = {}): Property {
  n += 1;
  return {
    _id: `p${n}`,
    owner: { _id: 'o1', username: 'ravi_owner', verified: false },
    title: `Sunrise Residency ${n}`,
    description: 'Bright rooms near the metro.',
    street: '12 MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
    landmark: 'Near City Mall',
    propertyType: 'Apartment/Flat',
    amenities: ['WiFi', 'Parking'],
    propertyImages: ['/uploads/a.webp'],
    images: [{ _id: `i${n}`, url: '/uploads/a.webp', thumbnailUrl: '/uploads/a-thumb.webp', width: 400, height: 300 }],
    rentAmount: 8500,
    isAvailable: true,
    isFullyRented: false,
    isPaused: false,
    roomCount: 2,
    vacantRoomCount: 1,
    locality: 'Shivajinagar',
    latitude: 18.531,
    longitude: 73.848,
    configuration: '1BHK',
    furnishing: 'semi-furnished',
    tenantType: 'any',
    availableFrom: '2025-02-01',
    deposit: 17000,
    veg: false,
    pets: false,
    parking: 'two-wheeler',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...over,
  };
}

/** A file that starts like a PNG (the image picker checks the first bytes; decoding is stubbed in test/setup.ts). */
export const pngFile = (name = 'a.png', size = 1024, type = 'image/png') => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].slice(0, size));
  return new File([bytes], name, { type });
};

let r = 0;
export function makeRoom(over: Partial<Room> = {}): Room {
  r += 1;
  return {
    _id: `r${r}`,
    propertyId: 'p1',
    roomNumber: `10${r}`,
    roomType: '1bhk',
    tenantType: 'Both',
    floor: 1,
    rentAmount: 8500,
    maxOccupancy: 2,
    isFurnitured: true,
    hasAttachedBath: false,
    description: 'Sunny corner room',
    roomStatus: 'vacant',
    roomImages: ['/uploads/r.webp'],
    images: [{ _id: `ri${r}`, url: '/uploads/r.webp', thumbnailUrl: '/uploads/r-thumb.webp', width: 640, height: 480 }],
    tenantId: null,
    moveInDate: null,
    messages: [],
    documents: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...over,
  };
}

/** A room with a current tenant (Asha Verma), moved in on 15 September 2026 unless `over` says otherwise. */
export function makeOccupiedRoom(over: Partial<Room> = {}, email = 'asha@example.com'): Room {
  return makeRoom({
    roomStatus: 'occupied',
    moveInDate: '2026-09-15',
    tenantId: { _id: 't1', fullName: 'Asha Verma', email, phoneNumber: '+919876543210', aadharCardNumber: 'XXXX XXXX 1234' },
    ...over,
  });
}

let q = 0;
/** An invitation as get-current-user's incomingRequests and the room's request list carry it. */
export function makeRequest(over: Partial<TenancyRequest> = {}): TenancyRequest {
  q += 1;
  return {
    _id: `req${q}`,
    status: 'pending',
    title: 'Lotus Homes',
    ownerId: { _id: 'u-owner', username: 'priya_owner', fullName: 'Priya Raghavan' },
    tenantId: { _id: 'u-tenant', username: 'rahul', fullName: 'Rahul Verma' },
    roomId: {
      _id: `room${q}`,
      roomNumber: `20${q}`,
      rentAmount: 9000,
      propertyId: 'p1',
      property_id: { _id: 'p1', title: 'Lotus Homes', street: '5 Lake Road', city: 'Pune', state: 'Maharashtra' },
    },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    respondedAt: null,
    terms: {
      rent: 900_000,
      securityDeposit: 0,
      rentDueDay: null,
      startDate: null,
      termMonths: 11,
      incrementPercent: 0,
      noticeMonths: 1,
      lateFee: null,
    },
    depositWarning: false,
    ...over,
  };
}

let t = 0;
/** One entry of the tenant's room details (a current tenancy unless moveOutDate is set). */
export function makeTenantRoom(over: Partial<TenantRoom> = {}): TenantRoom {
  t += 1;
  const room = makeRoom({ roomNumber: `30${t}`, rentAmount: 9500, roomStatus: 'occupied', moveInDate: '2026-10-01T00:00:00.000Z' });
  return {
    _id: `ten${t}`,
    propertyId: 'p1',
    roomId: room._id,
    room: { ...room, moveInDate: room.moveInDate },
    property_id: {
      _id: 'p1',
      title: 'Lotus Homes',
      street: '5 Lake Road',
      landmark: 'Near the lake',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
      images: [],
      propertyImages: [],
    },
    ownerId: { _id: 'u-owner', username: 'priya_owner', fullName: 'Priya Raghavan' },
    moveInDate: '2026-10-01',
    moveOutDate: null,
    leavingOn: null,
    rentAmount: 9500,
    terms: {
      rent: 950_000,
      securityDeposit: 0,
      rentDueDay: 1,
      startDate: '2026-10-01',
      termMonths: 11,
      incrementPercent: 0,
      noticeMonths: 1,
      lateFee: null,
    },
    outstanding: 0,
    overdue: 0,
    nextDue: null,
    ...over,
  };
}
