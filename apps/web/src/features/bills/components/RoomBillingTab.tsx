import type { Bill, BillGroup, Room } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { primaryButton } from '../../../components/FormField';
import { Spinner } from '../../../components/Spinner';
import { useMsg } from '../../../lib/useMsg';
import { useRoomBills } from '../api/bills';
import { BillGroupList } from './BillGroupList';
import { useBillsT } from '../i18n';
import { UploadBillsModal } from './UploadBillsModal';

/**
 * The owner's Billing Details tab of a room card (spec 2): Upload Bill, the bill groups, edit and delete. A Rent
 * Bill row starts at `rentAmount` (rupees): the lease's rent in force when the route passes it (issue 22), else
 * the room's listed rent.
 */
export function RoomBillingTab({ room, rentAmount }: { room: Room; rentAmount?: number }) {
  const t = useBillsT();
  const msg = useMsg();
  const bills = useRoomBills(room.propertyId, room._id);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<{ bill: Bill; group: BillGroup } | null>(null);
  const modalRoom = {
    _id: room._id,
    propertyId: room.propertyId,
    rentAmount: rentAmount ?? room.rentAmount,
    tenantId: room.tenantId?._id ?? null,
  };
  return (
    <div>
      <div className="mb-3 flex justify-end">
        <button
          type="button"
          className={primaryButton}
          onClick={() => (room.tenantId ? setUploading(true) : toast.error(msg(MSG.addTenantFirst)))}
        >
          <Upload aria-hidden="true" className="h-4 w-4" />
          {t('tab.upload')}
        </button>
      </div>
      {bills.isPending ? (
        <Spinner label={t('loading')} />
      ) : (
        <BillGroupList groups={bills.data ?? []} mode="owner" onEdit={(bill, group) => setEditing({ bill, group })} />
      )}
      {uploading ? <UploadBillsModal open={uploading} onOpenChange={setUploading} room={modalRoom} /> : null}
      {editing ? (
        <UploadBillsModal open onOpenChange={(o) => (o ? undefined : setEditing(null))} room={modalRoom} editing={editing} />
      ) : null}
    </div>
  );
}
