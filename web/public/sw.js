// The service worker: shows the server's "your turn" Web Push notifications
// while no page of the game is open, and opens the game when one is clicked. It is served
// at /sw.js (Vite copies public/ into the build), so its scope is the whole site. The push
// payload holds public facts only (docs/server.md, Notifications): the game, the seat to
// move and its name, a link. It caches nothing: the page works as before without it.
/* global self, clients, URL */

const GAMES = {
  aquaretto: "Aquaretto",
  zooloretto: "Zooloretto",
  "aquaretto-zooloretto": "Aquaretto + Zooloretto",
  "aquarium-designer": "Aquarium Designer",
};

// The page's catalogues are not loaded here (a worker has no i18next): the two sentences
// it says, in the languages of web/src/i18n, chosen by the browser's language.
const WORDS = {
  en: { title: "Your turn", body: (name, game) => `${name}, it is your turn in ${game}.` },
  cs: { title: "Jsi na tahu", body: (name, game) => `${name}, jsi na tahu ve hře ${game}.` },
};

function words() {
  const lang = (self.navigator.language || "en").slice(0, 2).toLowerCase();
  return WORDS[lang] || WORDS.en;
}

/** A path on this site only: a payload never sends the player elsewhere. */
function sameSite(url) {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/";
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    return; // not the server's: nothing to show
  }
  if (data.type !== "turn") return;
  const w = words();
  const game = GAMES[data.catalog] || "zoogames";
  const url = sameSite(data.url);
  event.waitUntil(
    self.registration.showNotification(w.title, {
      body: w.body(String(data.name || ""), game),
      icon: "/favicon.svg",
      tag: `turn-${data.game}`, // one notification per game: a newer turn replaces it
      renotify: true,
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameSite(event.notification.data && event.notification.data.url);
  event.waitUntil(
    clients.matchAll({ type: "window", includeUncontrolled: true }).then((open) => {
      for (const client of open) {
        if (new URL(client.url).pathname === url && "focus" in client) return client.focus();
      }
      return clients.openWindow(url);
    }),
  );
});
