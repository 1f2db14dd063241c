// Web Push and e-mail for "your turn" (docs/api.md, Notifications). Everything
// is off until the signed-in player turns it on: `enablePush` asks the browser's
// permission, registers the service worker (/sw.js, web/public/sw.js), subscribes with the
// server's VAPID public key and hands the subscription to the server; `disablePush` undoes
// it. The session cookie (same origin) says whose account it is.
import type { NotifySettings } from "../api/api.gen";
import { call } from "../api/http";

/** What the account turned on (`GET /api/me/notify`), as the server declares it. */
export type { NotifySettings } from "../api/api.gen";

/** True if this browser can receive push notifications (a service worker and the Push API). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== "undefined" && "serviceWorker" in navigator && typeof window !== "undefined" && "PushManager" in window && "Notification" in window
  );
}

/** The base64url VAPID key as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4);
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (a === null) return false;
  const bytes = new Uint8Array(a);
  return bytes.length === b.length && bytes.every((v, i) => v === b[i]);
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration("/");
  return reg ? reg.pushManager.getSubscription() : null;
}

/** Why push could not be turned on: the browser lacks it, or the player said no. */
export class PushRefused extends Error {
  constructor(readonly reason: "unsupported" | "denied") {
    super(reason);
  }
}

/** Turn push on for this browser: permission, service worker, subscription, the server. */
export async function enablePush(): Promise<void> {
  if (!pushSupported()) throw new PushRefused("unsupported");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushRefused("denied");
  const reg = await registration();
  const { key } = await call<{ key: string }>("GET", "/api/push/key");
  let subscription = await reg.pushManager.getSubscription();
  if (subscription !== null && !sameKey(subscription.options.applicationServerKey, keyBytes(key))) {
    // made with another server key (the server's changed): its pushes would be refused
    await subscription.unsubscribe();
    subscription = null;
  }
  if (subscription === null) {
    subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  }
  const json = subscription.toJSON();
  await call("POST", "/api/me/push", { endpoint: json.endpoint, keys: json.keys });
}

/** Turn push off for this browser: the server forgets it, and the browser unsubscribes. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (subscription === null) return;
  await call("DELETE", "/api/me/push", { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

/** The account's notification settings. */
export function notifySettings(): Promise<NotifySettings> {
  return call<NotifySettings>("GET", "/api/me/notify");
}

/** Ask for "your turn" e-mails (turn-based games) at an address, or opt out with null. The
 * address first gets a link to confirm it (`confirmEmail`), and nothing else until then. */
export function setEmail(email: string | null): Promise<NotifySettings> {
  return call<NotifySettings>("POST", "/api/me/email", { email });
}

/** The secret of an e-mailed confirmation link (`/account#email=SECRET`) on this page, if any. */
export function linkSecret(hash: string): string | null {
  const m = /^#email=([A-Za-z0-9_-]{1,200})$/.exec(hash);
  return m ? m[1] : null;
}

/** Confirm an address by its link's secret (no sign-in needed: the secret proves the mailbox). */
export function confirmEmail(token: string): Promise<{ email: string }> {
  return call<{ email: string }>("POST", "/api/email/confirm", { token });
}
