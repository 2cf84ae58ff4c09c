import { paiseToRupees } from '@kiraya/contract/money';
import type { ReactNode } from 'react';
import { useLease } from '../api/leases';

/**
 * The lease's monthly rent in force (issue 22), in rupees, for other features' screens the route composes: the
 * room header and Billing Details' Rent Bill amount show it instead of the room's listed rent. `null` while it
 * loads or when the room has no current tenancy (the caller falls back to the listed rent).
 */
export function WithLeaseRent({ roomId, children }: { roomId: string; children: (rentRupees: number | null) => ReactNode }) {
  const lease = useLease(roomId);
  return <>{children(lease.data ? paiseToRupees(lease.data.rentInForce) : null)}</>;
}
