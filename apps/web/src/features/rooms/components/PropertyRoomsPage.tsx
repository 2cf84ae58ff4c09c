import type { Room } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { formatRent, formatRupees } from '@kiraya/contract/money';
import { ArrowLeft, MapPin, MessageSquare, Phone, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Badge } from '../../../components/Badge';
import { PageHeading } from '../../../components/PageHeading';
import { SafetyAdvice } from '../../../components/SafetyAdvice';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { Msg, msgAsync, useMsg } from '../../../lib/useMsg';
import { usePublicRoomsT } from '../i18n/public';
import { useRecordView, useRevealOwner } from '../api/reveal';
import { useRooms, useRoomsProperty } from '../api/rooms';
import { roomImage, roomStatusTone } from './roomText';
import { PATHS } from '../../../lib/paths';
import { primaryButton } from '../../../components/FormField';
import { PropertyFacts } from './PropertyFacts';
import { PropertyGallery, PropertyHeaderPlaceholder } from './PropertyGallery';
import { useSharedT } from '../../../components/i18n';

/** "₹8,500/month" (B25: ₹ always, no paise on listings); the card words it in the page's language. */
export const rentText = formatRent;

/** What a Report button is about (issue 26 item 1): the reports feature's button fills this slot, passed in by the route. */
export type ReportSlot = {
  targetType: 'property' | 'room';
  targetId: string;
  /** The dialog's title names it ("Room 101"); the button's own default ("this listing") otherwise. */
  subject?: string;
  /** The button's text; its own default in the page's language otherwise. */
  label?: string;
  /** The listing's owner sees no Report button. */
  ownerId: string;
  small?: boolean;
};
export type RenderReport = (slot: ReportSlot) => ReactNode;

type PublicRoomsT = ReturnType<typeof usePublicRoomsT>;
/** A catalogue text for a value (a room status, a tenant type), or `fallback` for a value it does not know. */
const valueText = (t: PublicRoomsT, id: string, fallback: string): string => {
  const text = t(id as Parameters<PublicRoomsT>[0]);
  return text === id ? fallback : text;
};

/**
 * /properties/{id} and /TenantDashboard/Search/{id}: a property's rooms, for visitors and tenants, with the safety
 * advice by the owner's details and a Report button for the listing and each room (`renderReport`, from the route).
 */
export function PropertyRoomsPage({ renderReport }: { renderReport?: RenderReport } = {}) {
  const t = usePublicRoomsT();
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const property = useRoomsProperty(id);
  const rooms = useRooms(id);
  const { user } = useSession();
  useRecordView(id, user?.role === 'tenant');
  const p = property.data ?? rooms.data?.[0]?.property_id;
  const back = pathname.startsWith(PATHS.tenant.root) ? PATHS.tenant.search : PATHS.properties;
  // A paused, deleted or mistyped listing (404, or 400 for an id that is no id) is said as such, with a way on.
  const gone = [property.error, rooms.error].some((e) => e instanceof ApiError && (e.status === 404 || e.status === 400));
  if (gone) return <ListingUnavailable searchTo={back} />;

  return (
    <>
      <Link to={back} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('page.allProperties')}
      </Link>
      <PageHeading title={p?.title ?? (property.isPending ? t('page.rooms') : t('page.propertyRooms'))} />
      {p ? (
        <>
          <p className="-mt-4 mb-5 flex items-center gap-1.5 text-slate-700">
            <MapPin aria-hidden="true" className="h-4 w-4" />
            {p.city}, {p.state}
          </p>
          <div className="mb-10 grid grid-cols-1 gap-6 lg:grid-cols-5 lg:items-start">
            <div className="min-w-0 lg:col-span-3">
              <PropertyGallery title={p.title} images={p.images} urls={p.propertyImages} />
            </div>
            <div className="lg:col-span-2">
              <PropertyFacts property={p} />
              <SafetyAdvice className="mt-4" />
              {renderReport ? (
                <div className="mt-3 flex justify-end">
                  {renderReport({
                    targetType: 'property',
                    targetId: p._id,
                    ownerId: p.owner._id,
                  })}
                </div>
              ) : null}
            </div>
          </div>
          <h2 className="mb-4 text-xl font-semibold text-slate-900">{t('page.rooms')}</h2>
        </>
      ) : property.isPending ? (
        <PropertyHeaderPlaceholder />
      ) : null}
      {rooms.isPending || property.isPending ? (
        <Spinner label={t('page.loadingRooms')} />
      ) : rooms.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-800">
          <Msg text={MSG.roomsFetchFailed} />
        </p>
      ) : rooms.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center font-medium text-slate-800">
          <Msg text={MSG.roomsNotFound} />
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {rooms.data.map((r, i) => (
            <li key={r._id}>
              <PublicRoomCard
                room={r}
                eager={i < 2}
                report={
                  renderReport && p
                    ? renderReport({
                        targetType: 'room',
                        targetId: r._id,
                        subject: t('room.reportSubject', { room: r.roomNumber }),
                        ownerId: p.owner._id,
                        small: true,
                      })
                    : null
                }
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ListingUnavailable({ searchTo }: { searchTo: string }) {
  const t = usePublicRoomsT();
  const msg = useMsg();
  return (
    <section className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <PageHeading title={msg(MSG.listingUnavailableTitle)} />
      <p className="-mt-2 text-slate-700">{msg(MSG.listingUnavailable)}</p>
      <Link to={searchTo} className={`${primaryButton} mt-6`}>
        <Search aria-hidden="true" className="h-4 w-4" />
        {t('page.searchRooms')}
      </Link>
    </section>
  );
}

/** Both buttons send a visitor to /auth; a tenant goes to Messages / OwnerDetails. `report`: the room's Report button. */
export function PublicRoomCard({ room, eager = false, report = null }: { room: Room; eager?: boolean; report?: ReactNode }) {
  const t = usePublicRoomsT();
  const names = useSharedT();
  const { user } = useSession();
  const navigate = useNavigate();
  const img = roomImage(room, 'display');
  const reveal = useRevealOwner();
  const { pathname, search } = useLocation();
  // A visitor is told why sign-in is needed and brought back to this listing afterwards.
  const signIn = (why: 'phone' | 'message') => navigate(PATHS.authFor(`${pathname}${search}`, why));
  const go = (tenantPath: string) => {
    if (!user) return signIn('message');
    if (user.role !== 'tenant') return void msgAsync(MSG.tenantsOnly).then((text) => toast.error(text));
    navigate(tenantPath);
  };
  /** Get Phone Number (B8): the server records the reveal and answers the owner's details. */
  const getPhone = async () => {
    if (!user) return signIn('phone');
    if (user.role !== 'tenant') return toast.error(await msgAsync(MSG.tenantsOnly));
    try {
      await reveal.mutateAsync(room._id);
      toast.success(await msgAsync(MSG.ownerNumberSaved));
      navigate(PATHS.tenant.ownerDetails);
    } catch (e) {
      // The daily limit says so clearly; anything else is the spec's failure text.
      toast.error(e instanceof ApiError && e.status === 429 ? e.message : await msgAsync(MSG.ownerDetailsUnavailable));
    }
  };
  const available = room.roomStatus === 'vacant';
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {img ? (
        <img
          src={img.src}
          alt={t('room.alt', { number: room.roomNumber })}
          width={img.width}
          height={img.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[4/3] w-full bg-slate-100 object-cover"
        />
      ) : (
        <div className="flex aspect-[4/3] w-full items-center justify-center bg-slate-100 text-sm font-medium text-slate-600">
          {t('room.noImage')}
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="mr-auto text-lg font-semibold text-slate-900">{t('room.title', { number: room.roomNumber })}</h2>
          <Badge tone={available ? 'green' : 'red'}>{available ? t('room.available') : t('room.notAvailable')}</Badge>
          {available ? null : (
            <Badge tone={roomStatusTone(room.roomStatus)}>
              {room.roomStatus ? valueText(t, `room.status.${room.roomStatus}`, room.roomStatus) : t('room.status.unknown')}
            </Badge>
          )}
        </div>
        <p className="text-sm text-slate-700">{room.description}</p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
          <Fact label={t('room.tenantType')} value={valueText(t, `room.tenantType.${room.tenantType}`, room.tenantType)} />
          <Fact label={t('room.maxOccupants')} value={room.maxOccupancy} />
          <Fact label={t('room.roomType')} value={room.roomType} />
          <Fact label={t('room.floor')} value={room.floor === 0 ? t('room.groundFloor') : room.floor} />
          <Fact label={t('room.bathroom')} value={room.hasAttachedBath ? t('room.attached') : t('room.notAttached')} />
          <Fact label={t('room.furniture')} value={room.isFurnitured ? t('room.furnished') : t('room.unfurnished')} />
        </dl>
        <p className="mt-auto pt-1 text-xl font-bold text-slate-900">{t('room.rent', { rent: formatRupees(room.rentAmount) })}</p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => go(PATHS.tenant.messagesAbout(room._id))}
            className="inline-flex flex-1 items-center justify-center gap-2 rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
          >
            <MessageSquare aria-hidden="true" className="h-4 w-4" />
            {t('room.sendMessage')}
          </button>
          <button
            type="button"
            onClick={getPhone}
            disabled={reveal.isPending}
            aria-busy={reveal.isPending}
            className="inline-flex flex-1 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            <Phone aria-hidden="true" className="h-4 w-4" />
            {names('name.getPhone')}
          </button>
        </div>
        {report ? <div className="-mb-1 flex justify-end">{report}</div> : null}
      </div>
    </article>
  );
}

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}
