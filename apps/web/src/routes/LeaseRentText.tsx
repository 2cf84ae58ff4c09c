import { WithLeaseRent } from '../features/leases/components/LeaseRent';
import { formatRent } from '../lib/format';

/** A room's rent as its lease says (the listing's rent until the lease is known). Lazily loaded: money formatting stays off the landing page. */
export function LeaseRentText({ roomId, rentAmount }: { roomId: string; rentAmount: number }) {
  return <WithLeaseRent roomId={roomId}>{(rent) => formatRent(rent ?? rentAmount)}</WithLeaseRent>;
}
