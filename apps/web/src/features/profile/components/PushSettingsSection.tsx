import { MSG } from '@kiraya/contract/messages';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api';
import { currentPushSubscription, pushOff, pushOn, pushSupported } from '../../../lib/push';
import { useMsg } from '../../../lib/useMsg';
import { useProfileT } from '../i18n';

type State = 'loading' | 'on' | 'off' | 'unsupported' | 'denied';

/**
 * Profile's "Push on this device" switch (issue 27, ADR 035): this browser gets the same notifications as the
 * email settings above allow, category by category. Each device is switched on its own.
 */
export function PushSettingsSection() {
  const t = useProfileT();
  const msg = useMsg();
  const [state, setState] = useState<State>('loading');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!pushSupported()) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('denied');
    let live = true;
    currentPushSubscription()
      .then((s) => live && setState(s ? 'on' : 'off'))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        const permission = await pushOn();
        if (permission === 'granted') {
          setState('on');
          toast.success(msg(MSG.pushSubscribed));
        } else {
          setState(permission === 'denied' ? 'denied' : 'off');
          if (permission === 'denied') toast.error(msg(MSG.pushDenied));
        }
      } else {
        await pushOff();
        setState('off');
        toast.success(msg(MSG.pushUnsubscribed));
      }
    } catch (e) {
      toast.error(msg(errorMessage(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="push-settings" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="push-settings" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <BellRing aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {t('push.heading')}
      </h2>
      <label className="mt-4 flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4 accent-brand-700"
          checked={state === 'on'}
          disabled={busy || state === 'loading' || state === 'unsupported' || state === 'denied'}
          onChange={(e) => void change(e.target.checked)}
        />
        <span>
          <span className="block text-sm font-medium text-slate-900">{t('push.label')}</span>
          <span className="block text-xs text-slate-600">{t('push.hint')}</span>
        </span>
      </label>
      {state === 'unsupported' ? <p className="mt-3 text-sm text-slate-700">{msg(MSG.pushNotSupported)}</p> : null}
      {state === 'denied' ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {msg(MSG.pushDenied)}
        </p>
      ) : null}
    </section>
  );
}
