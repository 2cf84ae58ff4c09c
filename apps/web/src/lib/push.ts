import { PATHS, pathTo } from '@kiraya/contract/paths';
import type { ResponseData } from '@kiraya/contract/endpoints';
import { api } from './api';

/**
 * This browser's Web Push subscription (issue 27, ADR 035): Profile's "Push on this device" switch. The
 * browser makes the subscription (its keys never leave it but as public values); the server keeps it and sends
 * the same notifications as email, by the same category settings.
 */
export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration()) ?? navigator.serviceWorker.register('/sw.js', { scope: '/' });
}

/** The current subscription of this browser, if any. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** Asks for permission, subscribes with the server's key and tells the server. Returns the browser's permission. */
export async function pushOn(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const { publicKey } = await api<ResponseData<'pushKey'>>(pathTo('pushKey'));
  const reg = await registration();
  const ready = reg.active ? reg : await navigator.serviceWorker.ready;
  let sub = await ready.pushManager.getSubscription();
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  // A subscription made with another key (the server's keys changed) cannot be used: make a new one.
  const sameKey = (s: PushSubscription) => {
    const k = s.options.applicationServerKey;
    return !!k && new Uint8Array(k).every((b, i) => b === key[i]);
  };
  if (sub && !sameKey(sub)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await api(pathTo('pushSubscribe'), { method: PATHS.pushSubscribe.method, body: sub.toJSON() });
  return permission;
}

/** Stops pushes to this browser: the server forgets it, and the browser drops the subscription. */
export async function pushOff(): Promise<void> {
  const sub = await currentPushSubscription();
  if (!sub) return;
  await api(pathTo('pushUnsubscribe'), { method: PATHS.pushUnsubscribe.method, body: { endpoint: sub.endpoint } });
  await sub.unsubscribe();
}
