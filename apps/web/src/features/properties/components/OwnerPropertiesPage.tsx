import type { Property } from '@kiraya/contract';
import { TOAST } from '@kiraya/contract/constants';
import { MSG } from '@kiraya/contract/messages';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { useMsg } from '../../../lib/useMsg';
import { useDeleteProperty, usePauseProperty } from '../api/mutations';
import { useMyProperties } from '../api/properties';
import { useOwnerPropertiesT } from '../i18n/owner';
import { AddPropertyWizard } from './AddPropertyWizard';
import { OwnerPropertyCard } from './OwnerPropertyCard';
import { useSharedT } from '../../../components/i18n';

/**
 * /OwnerDashboard/Properties: the owner's properties (including paused ones). `?add=1` (the home's "Add your first
 * property") opens the Add Property wizard at once; closing it takes the parameter away.
 */
export function OwnerPropertiesPage() {
  const t = useOwnerPropertiesT();
  const names = useSharedT();
  const msg = useMsg();
  const { data, isPending, isError } = useMyProperties();
  const [params, setParams] = useSearchParams();
  const [adding, setAddingState] = useState(() => params.get('add') === '1');
  const setAdding = (open: boolean) => {
    setAddingState(open);
    if (!open && params.has('add'))
      setParams(
        (p) => {
          p.delete('add');
          return p;
        },
        { replace: true },
      );
  };
  const [toDelete, setToDelete] = useState<Property | null>(null);
  const del = useDeleteProperty();
  const pause = usePauseProperty();

  const confirmDelete = () => {
    if (!toDelete) return;
    del.mutate(toDelete._id, {
      onSuccess: () => {
        toast.success(t('toast.deleted'), { duration: TOAST.deleteDuration });
        setToDelete(null);
      },
      onError: (e) => toast.error(errorMessage(e, msg(MSG.propertyDeleteFailed))),
    });
  };

  const togglePause = (p: Property) =>
    pause.mutate(
      { id: p._id, isPaused: !p.isPaused },
      {
        onSuccess: () => toast.success(p.isPaused ? t('toast.resumed', { title: p.title }) : t('toast.paused', { title: p.title })),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );

  const list = data ?? [];
  return (
    <>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-x-4 gap-y-3 sm:mb-0 [&>div]:mb-0 sm:[&>div]:mb-6">
        <PageHeading title={t('page.title')} subtitle={t('page.subtitle')} />
        <button
          type="button"
          onClick={() => setAdding(true)}
          className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          <Plus aria-hidden="true" className="h-5 w-5" />
          {names('name.addProperty')}
        </button>
      </div>
      {isPending ? (
        <Spinner label={t('page.loading')} />
      ) : isError || list.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-semibold text-slate-900">{msg(MSG.noPropertiesOwner)}</p>
          <p className="mt-1 text-slate-600">{t('page.emptyHint')}</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((p, i) => (
            <li key={p._id}>
              <OwnerPropertyCard
                property={p}
                eager={i < 3}
                onDelete={setToDelete}
                onTogglePause={togglePause}
                pausing={pause.isPending && pause.variables?.id === p._id}
              />
            </li>
          ))}
        </ul>
      )}
      <AddPropertyWizard open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        onConfirm={confirmDelete}
        busy={del.isPending}
      />
    </>
  );
}
