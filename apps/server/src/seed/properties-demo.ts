import type { PropertyType } from '@kiraya/contract';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { properties, rooms } from '../db/schema.js';
import { pauseProperty } from '../modules/properties/index.js';
import { exteriorSvg, interiorSvg, renderPhoto } from './demo-photos.js';
import {
  type PropertyOverrides,
  type RoomOverrides,
  createProperty,
  createRoom,
  occupyRoom,
  setRoomMaintenance,
} from './property-factories.js';

/**
 * B16: the demo owners' properties and rooms, with drawn photos, rooms in every status (vacant,
 * occupied by a demo tenant since a move-in date, under maintenance) and one paused listing.
 */
type DemoRoom = RoomOverrides & { status?: 'vacant' | 'occupied' | 'maintenance'; tenant?: number; moveInDate?: string };
type DemoProperty = {
  owner: number;
  title: string;
  description: string;
  street: string;
  city: string;
  state: string;
  pincode: string;
  landmark: string;
  amenities: string;
  propertyType: PropertyType;
  /** The listing facts and position (ADR 048): locality, coordinates, configuration, furnishing, who may rent … */
  facts: PropertyOverrides;
  kind: 'block' | 'house';
  paused?: boolean;
  rooms: DemoRoom[];
};

export const DEMO_PROPERTIES: DemoProperty[] = [
  {
    owner: 0,
    title: 'Indiranagar Lake View Apartments',
    description: 'Airy apartments two minutes from the 100 Feet Road metro, with 24-hour water, lift and covered parking.',
    street: '14 HAL 2nd Stage, 100 Feet Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560038',
    landmark: 'Near Indiranagar Metro',
    amenities: 'WiFi, Lift, Power Backup, Covered Parking, Security',
    propertyType: 'Apartment/Flat',
    facts: {
      locality: 'Indiranagar',
      latitude: '12.9719',
      longitude: '77.6412',
      configuration: '2BHK',
      furnishing: 'furnished',
      tenantType: 'family',
      availableFrom: '2026-12-01',
      deposit: '50000',
      veg: 'false',
      pets: 'true',
      parking: 'car',
      amenities: 'lift, power-backup, water-24h, gated-security, wifi, geyser',
    },
    kind: 'block',
    rooms: [
      {
        roomNumber: '101',
        roomType: '1BHK',
        tenantType: 'Family',
        floor: 1,
        rentAmount: 18500,
        maxOccupancy: 3,
        status: 'occupied',
        tenant: 0,
        moveInDate: '2025-06-01',
      },
      { roomNumber: '102', roomType: '1BHK', tenantType: 'Both', floor: 1, rentAmount: 17500, maxOccupancy: 2 },
      { roomNumber: '201', roomType: '2BHK', tenantType: 'Family', floor: 2, rentAmount: 26000, maxOccupancy: 4, status: 'maintenance' },
    ],
  },
  {
    owner: 0,
    title: 'Koramangala Bachelor Nest',
    description: 'Furnished single rooms for working professionals, walking distance from the Forum mall and tech parks.',
    street: '5th Block, 17th Main Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560095',
    landmark: 'Behind Forum Mall',
    amenities: 'WiFi, Housekeeping, Washing Machine, RO Water',
    propertyType: 'Independent House',
    facts: {
      locality: 'Koramangala',
      latitude: '12.9352',
      longitude: '77.6245',
      configuration: 'single',
      furnishing: 'furnished',
      tenantType: 'professionals',
      availableFrom: '2026-11-15',
      deposit: '20000',
      veg: 'true',
      pets: 'false',
      parking: 'two-wheeler',
      amenities: 'wifi, washing-machine, power-backup, geyser, Housekeeping, RO Water',
    },
    kind: 'house',
    rooms: [
      {
        roomNumber: 'A1',
        roomType: 'Single Room',
        tenantType: 'Bachelor',
        floor: 0,
        rentAmount: 9500,
        maxOccupancy: 1,
        hasAttachedBath: false,
      },
      { roomNumber: 'A2', roomType: 'Twin Sharing', tenantType: 'Bachelor', floor: 0, rentAmount: 7200, maxOccupancy: 2 },
    ],
  },
  {
    owner: 0,
    title: 'Gachibowli Studio Residences',
    description: 'Compact studios close to the Financial District, with a gym, power backup and a rooftop garden.',
    street: 'Plot 22, Old Mumbai Highway',
    city: 'Hyderabad',
    state: 'Telangana',
    pincode: '500032',
    landmark: 'Opposite DLF Cyber City',
    amenities: 'Gym, Rooftop Garden, Power Backup, Lift',
    propertyType: 'Studio Apartment',
    facts: {
      locality: 'Gachibowli',
      latitude: '17.4401',
      longitude: '78.3489',
      configuration: '1RK',
      furnishing: 'semi-furnished',
      tenantType: 'bachelors',
      availableFrom: '2026-12-10',
      deposit: '30000',
      veg: 'false',
      pets: 'false',
      parking: 'two-wheeler',
      amenities: 'lift, gym, wifi, ac, power-backup',
    },
    kind: 'block',
    rooms: [
      {
        roomNumber: 'S-3',
        roomType: 'Studio',
        tenantType: 'Both',
        floor: 3,
        rentAmount: 14000,
        maxOccupancy: 2,
        status: 'occupied',
        tenant: 2,
        moveInDate: '2025-09-15',
      },
      { roomNumber: 'S-4', roomType: 'Studio', tenantType: 'Both', floor: 4, rentAmount: 14500, maxOccupancy: 2 },
    ],
  },
  {
    owner: 1,
    title: 'Koregaon Park Garden Villa',
    description: 'A quiet villa with a lawn and rooms let separately; tree-lined lane near cafes and the German Bakery.',
    street: 'Lane 5, North Main Road',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
    landmark: 'Near Osho Garden',
    amenities: 'Garden, Parking, Pet Friendly, Power Backup',
    propertyType: 'Villa',
    facts: {
      locality: 'Koregaon Park',
      latitude: '18.5362',
      longitude: '73.8940',
      configuration: '3BHK',
      furnishing: 'semi-furnished',
      tenantType: 'any',
      availableFrom: '2027-01-01',
      deposit: '60000',
      veg: 'true',
      pets: 'true',
      parking: 'car',
      amenities: 'gated-security, water-24h, geyser, Garden',
    },
    kind: 'house',
    rooms: [
      {
        roomNumber: 'G1',
        roomType: '1RK',
        tenantType: 'Both',
        floor: 0,
        rentAmount: 12000,
        maxOccupancy: 2,
        status: 'occupied',
        tenant: 1,
        moveInDate: '2025-03-10',
      },
      { roomNumber: 'F1', roomType: '1BHK', tenantType: 'Family', floor: 1, rentAmount: 16000, maxOccupancy: 3 },
      { roomNumber: 'F2', roomType: '1RK', tenantType: 'Bachelor', floor: 1, rentAmount: 11000, maxOccupancy: 1, status: 'maintenance' },
    ],
  },
  {
    owner: 1,
    title: 'Andheri West Sea Breeze Flats',
    description: 'Well-kept flats five minutes from Andheri station and the metro, with a lift and society security.',
    street: '3 Veera Desai Road',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400053',
    landmark: 'Near Azad Nagar Metro',
    amenities: 'Lift, Security, Gas Pipeline, Parking',
    propertyType: 'Apartment/Flat',
    facts: {
      locality: 'Andheri West',
      latitude: '19.1364',
      longitude: '72.8296',
      configuration: '1BHK',
      furnishing: 'furnished',
      tenantType: 'girls',
      availableFrom: '2026-12-01',
      deposit: '100000',
      veg: 'false',
      pets: 'false',
      parking: 'none',
      amenities: 'lift, cctv, water-24h, power-backup, ac',
    },
    kind: 'block',
    rooms: [
      { roomNumber: '704', roomType: '1BHK', tenantType: 'Family', floor: 7, rentAmount: 32000, maxOccupancy: 3 },
      { roomNumber: '705', roomType: '1RK', tenantType: 'Both', floor: 7, rentAmount: 22000, maxOccupancy: 2 },
    ],
  },
  {
    owner: 1,
    title: 'Baner Hillside Duplex',
    description: 'A two-floor duplex near Baner hill with a terrace; listing paused while the owner repaints.',
    street: 'Survey 45, Baner Road',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411045',
    landmark: 'Near Balewadi High Street',
    amenities: 'Terrace, Parking, Modular Kitchen',
    propertyType: 'Duplex',
    facts: {
      locality: 'Baner',
      latitude: '18.5590',
      longitude: '73.7868',
      configuration: '2BHK',
      furnishing: 'unfurnished',
      tenantType: 'family',
      availableFrom: '2027-02-01',
      deposit: '84000',
      veg: 'false',
      pets: 'true',
      parking: 'car',
      amenities: 'gated-security, play-area, Terrace',
    },
    kind: 'house',
    paused: true,
    rooms: [{ roomNumber: 'D1', roomType: '2BHK', tenantType: 'Family', floor: 0, rentAmount: 28000, maxOccupancy: 4 }],
  },
];

const ROOM_DESCRIPTIONS = [
  'Sunny room with a large window, wardrobe and a study table.',
  'Freshly painted room with a queen bed, fan and geyser.',
  'Corner room with cross ventilation and a small balcony.',
  'Quiet room facing the garden, with built-in shelves.',
];

/** Every photo the demo needs, drawn at once (sharp runs them on the thread pool in parallel). */
async function drawPhotos(width: number | undefined): Promise<{ exteriors: Buffer[][]; rooms: Buffer[][][] }> {
  let photo = 0;
  const plan = DEMO_PROPERTIES.map((d, i) => ({
    exterior: [exteriorSvg(i * 3 + 1, d.kind), interiorSvg(i * 3 + 2), interiorSvg(i * 3 + 3)],
    rooms: d.rooms.map((_, j) => {
      photo += 1;
      return j === 0 ? [interiorSvg(100 + photo), interiorSvg(200 + photo)] : [interiorSvg(100 + photo)];
    }),
  }));
  const draw = (svgs: string[]) => Promise.all(svgs.map((svg) => renderPhoto(svg, width)));
  const [exteriors, rooms] = await Promise.all([
    Promise.all(plan.map((p) => draw(p.exterior))),
    Promise.all(plan.map((p) => Promise.all(p.rooms.map(draw)))),
  ]);
  return { exteriors, rooms };
}

export type SeedProgress = (done: number, total: number) => void;
/** photoWidth: smaller photos for tests (the default is the size the web app shows). */
export type DemoOptions = { photoWidth?: number };

/**
 * Creates the demo properties side by side (their image re-encoding overlaps; the database serialises
 * the writes), then orders them as listed in DEMO_PROPERTIES, the last one newest.
 */
export async function seedPropertiesDemo(
  deps: AppDeps,
  people: { owners: { _id: string }[]; tenants: { _id: string }[] },
  progress: SeedProgress = () => undefined,
  options: DemoOptions = {},
): Promise<void> {
  const photos = await drawPhotos(options.photoWidth);
  let done = 0;
  const total = DEMO_PROPERTIES.length;
  progress(0, total);
  let photo = 0;
  const roomPhotoIndex = DEMO_PROPERTIES.map((d) => d.rooms.map(() => ++photo));
  const ids = await Promise.all(
    DEMO_PROPERTIES.map(async (d, i) => {
      const owner = people.owners[d.owner];
      if (!owner) return null;
      const { rooms, kind: _k, owner: _o, paused, facts, ...fields } = d;
      const property = await createProperty(deps, owner._id, { ...fields, ...facts }, photos.exteriors[i] ?? []);
      for (const [j, room] of rooms.entries()) {
        const { status, tenant, moveInDate, ...overrides } = room;
        const n = roomPhotoIndex[i]?.[j] ?? 0;
        const created = await createRoom(
          deps,
          owner._id,
          property._id,
          {
            isFurnitured: j % 2 === 0,
            hasAttachedBath: true,
            description: ROOM_DESCRIPTIONS[n % ROOM_DESCRIPTIONS.length],
            ...overrides,
          },
          photos.rooms[i]?.[j] ?? [],
        );
        const occupant = tenant === undefined ? undefined : people.tenants[tenant];
        if (status === 'occupied' && occupant) await occupyRoom(deps, created._id, occupant._id, moveInDate);
        if (status === 'maintenance') await setRoomMaintenance(deps, created._id);
      }
      if (paused) await pauseProperty(deps, owner._id, property._id, { isPaused: true });
      progress(++done, total);
      return property._id;
    }),
  );
  // The demo's listings were made before its tenancies began (the earliest move-in is in April 2024), so
  // "Listed since" and the owner's occupancy over time tell the same story as the tenancies. A second
  // apart, in the demo's order.
  for (const [i, id] of ids.entries()) {
    if (!id) continue;
    const listedAt = new Date(DEMO_LISTED_AT + i * 1000);
    await deps.db.update(properties).set({ createdAt: listedAt }).where(eq(properties.id, id));
    await deps.db.update(rooms).set({ createdAt: listedAt }).where(eq(rooms.propertyId, id));
  }
}

/** When the demo's properties and rooms were listed: before every demo tenancy. */
export const DEMO_LISTED_AT = Date.UTC(2024, 0, 15, 4, 30);
