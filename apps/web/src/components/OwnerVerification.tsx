import { BadgeCheck } from 'lucide-react';
import { useCommonT } from './i18n/common';

/**
 * "Verified owner" (phone and email verified, ADR 033) or "Owner not verified yet", on listing cards and the property
 * page (server-rendered too). Nothing when the answer does not say (an older cached answer). Its words are the
 * contract's MSG.verifiedOwner, MSG.verifiedOwnerHint and MSG.ownerNotVerified, kept in the catalogue: the public
 * pages in Hindi then need no Hindi catalogue of every message for a badge (ADR 039).
 */
export function OwnerVerification({ verified }: { verified: boolean | undefined }) {
  const t = useCommonT();
  if (verified === undefined) return null;
  return verified ? (
    <span
      title={t('owner.verifiedHint')}
      className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-inset ring-green-200"
    >
      <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
      {t('owner.verified')}
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-inset ring-slate-200">
      {t('owner.notVerified')}
    </span>
  );
}
