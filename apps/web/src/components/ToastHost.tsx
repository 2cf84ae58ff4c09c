import { TOAST } from '@kiraya/contract/constants';
import { useEffect, useState } from 'react';
import { Toaster } from 'sonner';
import { useCommonT } from './i18n/common';

const phoneNow = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(TOAST.phoneQuery).matches;

/** Whether the screen is a phone's (sonner's own breakpoint), following rotation and resizing. */
function usePhone(): boolean {
  const [phone, setPhone] = useState(phoneNow);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia(TOAST.phoneQuery);
    const changed = () => setPhone(mq.matches);
    changed();
    mq.addEventListener('change', changed);
    return () => mq.removeEventListener('change', changed);
  }, []);
  return phone;
}

/**
 * The toast host: top-right below the header on a desktop, along the bottom edge on a phone, so a toast
 * never covers Messages, the bell or the profile button (issue 19).
 */
export function ToastHost() {
  const t = useCommonT();
  const phone = usePhone();
  return (
    <Toaster
      position={phone ? TOAST.phonePosition : TOAST.position}
      offset={TOAST.offset}
      mobileOffset={TOAST.mobileOffset}
      duration={TOAST.duration}
      hotkey={[...TOAST.hotkey]}
      richColors
      closeButton
      // The hotkey is TOAST.hotkey (Alt+T).
      customAriaLabel={t('toasts.region')}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
    />
  );
}
