import { ROOM_STATUSES, TENANT_TYPES } from '@kiraya/contract/constants';
import type { useRoomsT } from '../i18n';
import { roomStatusLabel, tenantTypeLabel } from './roomText';

type RoomsT = ReturnType<typeof useRoomsT>;

/**
 * The contract's English values in the page's language, through the rooms catalogue keyed by the value
 * (`tenantType.Both`, `roomStatus.vacant`); a value the contract does not list is shown as roomText.ts writes it.
 */
export const tenantTypeText = (t: RoomsT, type: string): string =>
  (TENANT_TYPES as readonly string[]).includes(type) ? t(`tenantType.${type as (typeof TENANT_TYPES)[number]}`) : tenantTypeLabel(type);

export const roomStatusText = (t: RoomsT, status: string | undefined | null): string =>
  status && (ROOM_STATUSES as readonly string[]).includes(status)
    ? t(`roomStatus.${status as (typeof ROOM_STATUSES)[number]}`)
    : status
      ? roomStatusLabel(status)
      : t('roomStatus.unknown');
