/** Fetch mocks, a router wrapper and Property/Room makers for the properties and rooms component tests. */
import type { Property, Room } from '@kiraya/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { SessionProvider } from '../lib/session';

type Handler = (url: URL, init: RequestInit | undefined) => { status?: number; body: unknown } | undefined;

/** Replaces fetch with a router of handlers; unknown calls answer 404. Returns the mock to inspect calls. */
export function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/users/refresh-token')) return json(200, { statusCode: 200, data: {}, message: 'ok', success: true });
    const r = handler(url, init) ?? { status: 404, body: { statusCode: 404, message: 'Not found', success: false, errors: [] } };
    return json(r.status ?? 200, r.body);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const ok = (data: unknown, extra: object = {}) => ({ body: { statusCode: 200, data, message: 'ok', success: true, ...extra } });
export const fail = (status: number, message: string) => ({ status, body: { statusCode: status, message, success: false, errors: [] } });

export function LocationProbe() {
  const loc = useLocation();
  return <output data-testid="location">{loc.pathname + loc.search}</output>;
}

export function renderAt(ui: ReactNode, { path = '/', route = '/' }: { path?: string; route?: string } = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <SessionProvider>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

let n = 0;
export function makeProperty(over: Partial<Property> = {}): Property {
  n += 1;
  return {
    _id: `p${n}`,
    owner: { _id: 'o1', username: 'ravi_owner' },
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
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...over,
  };
}

export const pngFile = (name = 'a.png', size = 1024, type = 'image/png') => new File([new Uint8Array(size)], name, { type });

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
