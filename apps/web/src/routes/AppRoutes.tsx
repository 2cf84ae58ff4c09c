import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PublicLayout } from '../components/PublicLayout';
import { Spinner } from '../components/Spinner';
import { LandingPage } from '../features/landing/components/LandingPage';
import { RequireRole } from './RequireRole';
import { StartRedirect } from './StartRedirect';

const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

// Public pages
const AuthPage = named(() => import('../features/auth/components/AuthPage'), 'AuthPage');
const PublicPropertiesPage = named(() => import('../features/properties/components/PublicPropertiesPage'), 'PublicPropertiesPage');
const PropertyRoomsPage = named(() => import('../features/rooms/components/PropertyRoomsPage'), 'PropertyRoomsPage');

// Dashboards (never loaded by public pages)
const DashboardLayout = named(() => import('../components/DashboardLayout'), 'DashboardLayout');
const OwnerHome = named(() => import('../features/dashboard/components/OwnerHome'), 'OwnerHome');
const TenantHome = named(() => import('../features/dashboard/components/TenantHome'), 'TenantHome');
const ProfilePage = named(() => import('../features/profile/components/ProfilePage'), 'ProfilePage');
const OwnerPropertiesPage = named(() => import('../features/properties/components/OwnerPropertiesPage'), 'OwnerPropertiesPage');
const EditPropertyPage = named(() => import('../features/properties/components/EditPropertyPage'), 'EditPropertyPage');
const TenantSearchPage = named(() => import('../features/properties/components/TenantSearchPage'), 'TenantSearchPage');
const RoomsDashboardPage = named(() => import('../features/rooms/components/RoomsDashboardPage'), 'RoomsDashboardPage');
const Later = named(() => import('../features/dashboard/components/LaterPages'), 'LaterPage');

const loading = <Spinner />;

export function AppRoutes() {
  return (
    <Suspense fallback={loading}>
      <StartRedirect />
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<LandingPage />} />
          <Route path="auth" element={<AuthPage />} />
          <Route path="properties" element={<PublicPropertiesPage />} />
          <Route path="properties/:id" element={<PropertyRoomsPage />} />
        </Route>
        <Route
          path="OwnerDashboard"
          element={
            <RequireRole allow="owner">
              <DashboardLayout />
            </RequireRole>
          }
        >
          <Route index element={<OwnerHome />} />
          <Route path="Profile" element={<ProfilePage />} />
          <Route path="Properties" element={<OwnerPropertiesPage />} />
          <Route path="Statistics" element={<Later />} />
          <Route path="Billings" element={<Later />} />
          <Route path="edit-property/:id" element={<EditPropertyPage />} />
          <Route path="rooms/:id" element={<RoomsDashboardPage />} />
        </Route>
        <Route
          path="TenantDashboard"
          element={
            <RequireRole allow="tenant">
              <DashboardLayout />
            </RequireRole>
          }
        >
          <Route index element={<TenantHome />} />
          <Route path="Profile" element={<ProfilePage />} />
          <Route path="MyRooms" element={<Later />} />
          <Route path="PayBill/:id" element={<Later />} />
          <Route path="Search" element={<TenantSearchPage />} />
          <Route path="Search/:id" element={<PropertyRoomsPage />} />
          <Route path="Statistics" element={<Later />} />
          <Route path="Billings" element={<Later />} />
          <Route path="Messages" element={<Later />} />
          <Route path="Requests" element={<Later />} />
          <Route path="OwnerDetails" element={<Later />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
