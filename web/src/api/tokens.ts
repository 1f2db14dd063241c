// Tokens live in localStorage, one per game, so a reload keeps the seat. A link carries
// a token only in its fragment (`/play/{id}#token=…`): browsers never send the fragment,
// so it reaches no server log. Opening such a link stores the token and clears the fragment.

const key = (id: string) => `zoogames:token:${id}`;

export function storedToken(id: string): string | null {
  try {
    return localStorage.getItem(key(id));
  } catch {
    return null;
  }
}

export function storeToken(id: string, token: string): void {
  try {
    localStorage.setItem(key(id), token);
  } catch {
    // Private windows may refuse storage: the token still lives in this page.
  }
}

/** The token of the current URL's fragment, if any; it is removed from the address bar. */
export function takeFragmentToken(): string | null {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (!match) return null;
  history.replaceState(null, "", location.pathname + location.search);
  return decodeURIComponent(match[1]);
}

export function playLink(id: string, token?: string): string {
  const base = `${location.origin}/play/${id}`;
  return token ? `${base}#token=${encodeURIComponent(token)}` : base;
}

/** Forget a game's token (the server refused it): the page then watches. */
export function forgetToken(id: string): void {
  try {
    localStorage.removeItem(key(id));
  } catch {
    // Nothing stored, nothing to forget.
  }
}
