/**
 * Every page of the web app, as route patterns (":id" is one path segment). The server answers these deep
 * links 200 with the app shell and any other non-API address 404 (with the shell, so the app shows its
 * not-found page); the web app's route table is checked against this list. Matched as React Router matches:
 * case-insensitive, a trailing slash allowed.
 */
export const APP_PAGES = [
  '/',
  '/start',
  '/auth',
  '/forgot-password',
  '/reset-password',
  '/unsubscribe',
  '/verify-email',
  '/dev/mailbox',
  '/properties',
  '/properties/:id',
  '/OwnerDashboard',
  '/OwnerDashboard/Profile',
  '/OwnerDashboard/Properties',
  '/OwnerDashboard/Statistics',
  '/OwnerDashboard/Billings',
  '/OwnerDashboard/Messages',
  '/OwnerDashboard/edit-property/:id',
  '/OwnerDashboard/rooms/:id',
  '/OwnerDashboard/Receipts/:id',
  '/OwnerDashboard/PaymentReports/:id',
  '/OwnerDashboard/RentReceipts',
  '/OwnerDashboard/Deposit/:roomId',
  '/TenantDashboard',
  '/TenantDashboard/Profile',
  '/TenantDashboard/MyRooms',
  '/TenantDashboard/MyRooms/:id',
  '/TenantDashboard/PayBill/:id',
  '/TenantDashboard/Receipts/:id',
  '/TenantDashboard/RentReceipts',
  '/TenantDashboard/Deposit/:roomId',
  '/TenantDashboard/Search',
  '/TenantDashboard/Search/:id',
  '/TenantDashboard/Statistics',
  '/TenantDashboard/Billings',
  '/TenantDashboard/Messages',
  '/TenantDashboard/Requests',
  '/TenantDashboard/OwnerDetails',
  '/TenantDashboard/Recent',
  // Moderators (issue 26, ADR 037)
  '/AdminDashboard',
  '/AdminDashboard/Profile',
  '/AdminDashboard/Reports/:targetType/:targetId',
  '/AdminDashboard/Audit',
] as const;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PAGE_RES = APP_PAGES.map(
  (p) =>
    new RegExp(
      `^${p
        .split('/')
        .map((seg) => (seg.startsWith(':') ? '[^/]+' : escapeRe(seg)))
        .join('/')}/?$`,
      'i',
    ),
);

/** Whether a path (no query) is one of the web app's pages. */
export const isAppPage = (pathname: string): boolean => PAGE_RES.some((re) => re.test(pathname));
