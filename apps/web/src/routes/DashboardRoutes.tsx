import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useCommonT } from '../components/i18n/common';
import { Spinner } from '../components/Spinner';
import { formatRupees } from '../lib/format';
import { PATHS, ROUTES } from '../lib/paths';
import { prefetchDashboard } from './prefetch';
import { RequireRole } from './RequireRole';

/**
 * The dashboards' route tables (owner and tenant), below `/OwnerDashboard/*` and `/TenantDashboard/*` in
 * AppRoutes. A chunk of their own: the landing page's first script never carries the dashboards' pages and
 * the list of their files (issue 27, ADR 039: the landing page's budget). The app starts loading this chunk
 * at once on a dashboard address (main.tsx).
 */

// The page's chunks and first requests at once, not one after another (routes/prefetch.ts, ADR 044).
if (typeof window !== 'undefined') prefetchDashboard(window.location.pathname);

const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const NotFoundPage = named(() => import('../components/NotFoundPage'), 'NotFoundPage');
const VerifyEmailBanner = named(() => import('../features/verification/components/VerifyEmailBanner'), 'VerifyEmailBanner');
const VerifyPhoneSection = named(() => import('../features/verification/components/VerifyPhoneSection'), 'VerifyPhoneSection');
// The reports feature's Report button (issue 26 item 1), in the slots of the property page and of Messages.
const loadReportButton = () => import('../features/reports/components/ReportButton');
const PropertyRoomsPage = lazy(() =>
  Promise.all([import('../features/rooms/components/PropertyRoomsPage'), loadReportButton()]).then(([page, { ReportButton }]) => ({
    default: () => <page.PropertyRoomsPage renderReport={(slot) => <ReportButton {...slot} />} />,
  })),
);
const DashboardLayout = lazy(() => import('../components/DashboardLayout').then((m) => ({ default: m.DashboardLayout })));
const OwnerHome = named(() => import('../features/dashboard/components/OwnerHome'), 'OwnerHome');
const TenantHome = named(() => import('../features/dashboard/components/TenantHome'), 'TenantHome');
const MyRoomsPage = lazy(() => import('../features/tenancy/components/MyRoomsPage').then((m) => ({ default: m.MyRoomsPage })));
const MyRoomDetailPage = lazy(() =>
  import('../features/tenancy/components/MyRoomDetailPage').then((m) => ({ default: m.MyRoomDetailPage })),
);
const RequestsPage = named(() => import('../features/tenancy/components/RequestsPage'), 'RequestsPage');
const ProfilePage = lazy(() => import('../features/profile/components/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const OwnerPropertiesPage = named(() => import('../features/properties/components/OwnerPropertiesPage'), 'OwnerPropertiesPage');
const EditPropertyPage = named(() => import('../features/properties/components/EditPropertyPage'), 'EditPropertyPage');
const TenantSearchPage = named(() => import('../features/properties/components/TenantSearchPage'), 'TenantSearchPage');
const RoomsDashboardPage = lazy(() =>
  import('../features/rooms/components/RoomsDashboardPage').then((m) => ({ default: m.RoomsDashboardPage })),
);
const OwnerDetailsPage = named(() => import('../features/contacts/components/OwnerDetailsPage'), 'OwnerDetailsPage');
const RecentViewsPage = named(() => import('../features/contacts/components/RecentViewsPage'), 'RecentViewsPage');
const TenantBillingsPage = named(() => import('../features/bills/components/TenantBills'), 'TenantBillingsPage');
// The bills feature's parts that fill the rooms and tenancy pages' slots (features never import each other).
const RoomBillingTab = lazy(() => import('../features/bills/components/RoomBillingTab').then((m) => ({ default: m.RoomBillingTab })));
const TenantRoomBills = lazy(() => import('../features/bills/components/TenantBills').then((m) => ({ default: m.TenantRoomBills })));
const LastBillDate = lazy(() => import('../features/bills/components/TenantBills').then((m) => ({ default: m.LastBillDate })));
// Payments (issue 10): the Pay screen, receipts, rent receipts, and the lists that fill other pages' slots.
const PayBillPage = named(() => import('../features/payments/components/PayBillPage'), 'PayBillPage');
const PaymentReportPage = lazy(() =>
  import('../features/payments/components/PaymentReportPage').then((m) => ({ default: m.PaymentReportPage })),
);
const ReceiptPage = lazy(() => import('../features/payments/components/ReceiptPage').then((m) => ({ default: m.ReceiptPage })));
const RentReceiptPage = lazy(() => import('../features/payments/components/RentReceiptPage').then((m) => ({ default: m.RentReceiptPage })));
const PaymentsList = lazy(() => import('../features/payments/components/PaymentsList').then((m) => ({ default: m.PaymentsList })));
const RoomDocuments = lazy(() => import('../features/documents/components/RoomDocuments').then((m) => ({ default: m.RoomDocuments })));
const OwnerStatisticsPage = named(() => import('../features/statistics/components/OwnerStatisticsPage'), 'OwnerStatisticsPage');
const OwnerBillingsPage = named(() => import('../features/statistics/components/OwnerBillingsPage'), 'OwnerBillingsPage');
const TenantStatisticsPage = named(() => import('../features/statistics/components/TenantStatisticsPage'), 'TenantStatisticsPage');
// Messages and notifications (B7): the tenant's page, and the parts that fill the rooms page's and the layout's slots.
// Messages with a Report button for the other person (issue 26 item 1).
const messagesWithReport = (name: 'TenantMessagesPage' | 'OwnerMessagesPage') =>
  lazy(() =>
    Promise.all([import('../features/messages/components/TenantMessagesPage'), loadReportButton()]).then(([page, { ReportButton }]) => {
      const Page = page[name];
      return {
        default: () => (
          <Page
            renderReport={({ targetId, name: person }) => (
              <ReportButton targetType="user" targetId={targetId} ownerId={targetId} subject={person} small />
            )}
          />
        ),
      };
    }),
  );
const TenantMessagesPage = messagesWithReport('TenantMessagesPage');
const OwnerMessagesPage = messagesWithReport('OwnerMessagesPage');
const RoomMessagesTab = lazy(() => import('../features/messages/components/RoomMessagesTab').then((m) => ({ default: m.RoomMessagesTab })));
const RoomUnreadBadge = lazy(() => import('../features/messages/components/RoomMessagesTab').then((m) => ({ default: m.RoomUnreadBadge })));
// Payouts (issue 24): the owner's payout account in Profile and the payouts under Billings.
const PayoutAccountSection = lazy(() =>
  import('../features/payouts/components/PayoutAccountSection').then((m) => ({ default: m.PayoutAccountSection })),
);
const PayoutsSection = lazy(() => import('../features/payouts/components/PayoutsSection').then((m) => ({ default: m.PayoutsSection })));
// Leases (issue 22): the lease panel that fills the owner's Tenant Details and the tenant's room.
const LeasePanel = lazy(() => import('../features/leases/components/LeasePanel').then((m) => ({ default: m.LeasePanel })));
const LeaseNote = lazy(() => import('../features/leases/components/LeaseNote').then((m) => ({ default: m.LeaseNote })));
const WithLeaseRent = lazy(() => import('../features/leases/components/LeaseRent').then((m) => ({ default: m.WithLeaseRent })));
// Deposits (issue 22 item 4): the deposit panel and line that fill the rooms and tenancy pages, and the statement.
const DepositPanel = lazy(() => import('../features/deposits/components/DepositPanel').then((m) => ({ default: m.DepositPanel })));
const DepositLine = lazy(() => import('../features/deposits/components/DepositPanel').then((m) => ({ default: m.DepositLine })));
const DepositStatementPage = lazy(() =>
  import('../features/deposits/components/DepositStatementPage').then((m) => ({ default: m.DepositStatementPage })),
);
const NotificationBell = named(() => import('../features/notifications/components/NotificationBell'), 'NotificationBell');
// Moderators (issue 26 item 3): the report queue, one target, the audit log.
const AdminQueuePage = named(() => import('../features/admin/components/AdminQueuePage'), 'AdminQueuePage');
const AdminTargetPage = named(() => import('../features/admin/components/AdminTargetPage'), 'AdminTargetPage');
const AdminAuditPage = named(() => import('../features/admin/components/AdminAuditPage'), 'AdminAuditPage');

const loading = <Spinner />;

function OwnerRoomsPage() {
  const t = useCommonT();
  return (
    <RoomsDashboardPage
      renderBilling={(room) => (
        <Suspense fallback={loading}>
          {room.tenantId ? (
            <WithLeaseRent roomId={room._id}>{(rent) => <RoomBillingTab room={room} rentAmount={rent ?? undefined} />}</WithLeaseRent>
          ) : (
            <RoomBillingTab room={room} />
          )}
          <DepositPanel roomId={room._id} viewer="owner" />
          <PaymentsList roomId={room._id} viewer="owner" title={t('routes.paymentsReceived')} backLabel={t('routes.backToRooms')} />
        </Suspense>
      )}
      renderDocuments={(room) => (
        <Suspense fallback={loading}>
          <RoomDocuments roomId={room._id} />
        </Suspense>
      )}
      renderMessages={(room) => (
        <Suspense fallback={loading}>
          <RoomMessagesTab room={room} />
        </Suspense>
      )}
      renderLease={(room) => (
        <Suspense fallback={loading}>
          <LeasePanel roomId={room._id} viewer="owner" />
        </Suspense>
      )}
      renderRent={(room) => (
        // The listing's rent until the lease is known.
        <Suspense fallback={t('routes.rentPerMonth', { amount: formatRupees(room.rentAmount) })}>
          <WithLeaseRent roomId={room._id}>
            {(rent) => t('routes.rentPerMonth', { amount: formatRupees(rent ?? room.rentAmount) })}
          </WithLeaseRent>
        </Suspense>
      )}
      renderUnread={(room) => (
        <Suspense fallback={null}>
          <RoomUnreadBadge roomId={room._id} />
        </Suspense>
      )}
    />
  );
}
function TenantBillings() {
  const t = useCommonT();
  return (
    <>
      <TenantBillingsPage />
      <Suspense fallback={loading}>
        <PaymentsList viewer="tenant" showRoom backLabel={t('routes.backToBillings')} />
      </Suspense>
    </>
  );
}
const OwnerProfile = () => (
  <ProfilePage>
    <Suspense fallback={loading}>
      <VerifyPhoneSection />
    </Suspense>
    <Suspense fallback={loading}>
      <PayoutAccountSection />
    </Suspense>
  </ProfilePage>
);
const TenantProfile = () => (
  <ProfilePage>
    <Suspense fallback={loading}>
      <VerifyPhoneSection />
    </Suspense>
  </ProfilePage>
);
const OwnerBillings = () => (
  <>
    <OwnerBillingsPage />
    <Suspense fallback={loading}>
      <PayoutsSection />
    </Suspense>
  </>
);
function TenantReceipt() {
  const t = useCommonT();
  return <ReceiptPage backTo={PATHS.tenant.billings} backLabel={t('routes.backToBillings')} />;
}
function OwnerReceipt() {
  const t = useCommonT();
  return <ReceiptPage backTo={PATHS.owner.properties} backLabel={t('routes.backToProperties')} />;
}
function TenantRentReceipts() {
  const t = useCommonT();
  return <RentReceiptPage viewer="tenant" backTo={PATHS.tenant.billings} backLabel={t('routes.backToBillings')} />;
}
function OwnerRentReceipts() {
  const t = useCommonT();
  return <RentReceiptPage viewer="owner" backTo={PATHS.owner.properties} backLabel={t('routes.backToProperties')} />;
}
const bell = (
  <Suspense fallback={null}>
    <NotificationBell />
  </Suspense>
);
const emailBanner = (
  <Suspense fallback={null}>
    <VerifyEmailBanner />
  </Suspense>
);
const TenantMyRooms = () => (
  <MyRoomsPage
    renderLeaseNote={(roomId) => (
      <Suspense fallback={null}>
        <LeaseNote roomId={roomId} />
      </Suspense>
    )}
    renderDeposit={(roomId) => (
      <Suspense fallback={null}>
        <DepositLine roomId={roomId} />
      </Suspense>
    )}
  />
);
function TenantRoomPage() {
  const t = useCommonT();
  return (
    <MyRoomDetailPage
      renderLease={(r) => (
        <Suspense fallback={loading}>
          <LeasePanel roomId={r.roomId} viewer="tenant" level={2} />
        </Suspense>
      )}
      renderDeposit={(r) => (
        <Suspense fallback={null}>
          <DepositPanel roomId={r.roomId} viewer="tenant" />
        </Suspense>
      )}
      renderLastBill={(r) => (
        <Suspense fallback="-">
          <LastBillDate {...r} />
        </Suspense>
      )}
      renderBills={(r) => (
        <Suspense fallback={loading}>
          <TenantRoomBills propertyId={r.propertyId} roomId={r.roomId} readOnly={r.past} />
        </Suspense>
      )}
      renderPayments={(r) => (
        <Suspense fallback={loading}>
          <PaymentsList roomId={r.roomId} viewer="tenant" backLabel={t('routes.backToRoom', { room: r.roomNumber })} />
        </Suspense>
      )}
      renderDocuments={(r) => (
        <Suspense fallback={loading}>
          <RoomDocuments roomId={r.roomId} heading={t('routes.documents')} />
        </Suspense>
      )}
    />
  );
}

const ownerLayout = (
  <RequireRole allow="owner">
    <DashboardLayout actions={bell} banner={emailBanner} />
  </RequireRole>
);
const tenantLayout = (
  <RequireRole allow="tenant">
    <DashboardLayout actions={bell} banner={emailBanner} />
  </RequireRole>
);

/** Everything under /OwnerDashboard. */
export function OwnerRoutes() {
  return (
    <Routes>
      <Route element={ownerLayout}>
        <Route index element={<OwnerHome />} />
        <Route path={ROUTES.owner.profile} element={<OwnerProfile />} />
        <Route path={ROUTES.owner.properties} element={<OwnerPropertiesPage />} />
        <Route path={ROUTES.owner.statistics} element={<OwnerStatisticsPage />} />
        <Route path={ROUTES.owner.billings} element={<OwnerBillings />} />
        <Route path={ROUTES.owner.messages} element={<OwnerMessagesPage />} />
        <Route path={ROUTES.owner.editProperty} element={<EditPropertyPage />} />
        <Route path={ROUTES.owner.rooms} element={<OwnerRoomsPage />} />
        <Route path={ROUTES.owner.receipt} element={<OwnerReceipt />} />
        <Route path={ROUTES.owner.paymentReport} element={<PaymentReportPage />} />
        <Route path={ROUTES.owner.rentReceipts} element={<OwnerRentReceipts />} />
        <Route path={ROUTES.owner.depositStatement} element={<DepositStatementPage viewer="owner" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** Everything under /TenantDashboard. */
export function TenantRoutes() {
  return (
    <Routes>
      <Route element={tenantLayout}>
        <Route index element={<TenantHome />} />
        <Route path={ROUTES.tenant.profile} element={<TenantProfile />} />
        <Route path={ROUTES.tenant.myRooms} element={<TenantMyRooms />} />
        <Route path={ROUTES.tenant.myRoom} element={<TenantRoomPage />} />
        <Route path={ROUTES.tenant.payBill} element={<PayBillPage />} />
        <Route path={ROUTES.tenant.receipt} element={<TenantReceipt />} />
        <Route path={ROUTES.tenant.rentReceipts} element={<TenantRentReceipts />} />
        <Route path={ROUTES.tenant.depositStatement} element={<DepositStatementPage viewer="tenant" />} />
        <Route path={ROUTES.tenant.search} element={<TenantSearchPage />} />
        <Route path={ROUTES.tenant.searchProperty} element={<PropertyRoomsPage />} />
        <Route path={ROUTES.tenant.statistics} element={<TenantStatisticsPage />} />
        <Route path={ROUTES.tenant.billings} element={<TenantBillings />} />
        <Route path={ROUTES.tenant.messages} element={<TenantMessagesPage />} />
        <Route path={ROUTES.tenant.requests} element={<RequestsPage />} />
        <Route path={ROUTES.tenant.ownerDetails} element={<OwnerDetailsPage />} />
        <Route path={ROUTES.tenant.recent} element={<RecentViewsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

const adminLayout = (
  <RequireRole allow="admin">
    <DashboardLayout />
  </RequireRole>
);

/** Everything under /AdminDashboard (issue 26): the moderators' queue, a target, the audit log, Profile. */
export function AdminRoutes() {
  return (
    <Routes>
      <Route element={adminLayout}>
        <Route index element={<AdminQueuePage />} />
        <Route path={ROUTES.admin.target} element={<AdminTargetPage />} />
        <Route path={ROUTES.admin.audit} element={<AdminAuditPage />} />
        <Route path={ROUTES.admin.profile} element={<ProfilePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
