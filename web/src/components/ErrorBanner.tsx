// The server's last refusal, in its own words. A game that does not exist offers the way
// home; a refused token offers to watch instead (the spectator's page: no token at all).
import { forgetToken } from "../api/tokens";

export function ErrorBanner({ id, error, refused, status }: { id: string; error: string; refused: boolean; status: number }) {
  if (status === 404) {
    return (
      <p class="error" data-error role="alert">
        There is no game {id} on this server: the link may be cut short or the game deleted.{" "}
        <a href="/" data-action="home">
          Start a new game
        </a>
      </p>
    );
  }
  return (
    <p class="error" data-error role="alert">
      {error}
      {refused && (
        <>
          {" "}
          <a href={`/play/${id}`} data-action="watch" onClick={() => forgetToken(id)}>
            watch as a spectator
          </a>
        </>
      )}
    </p>
  );
}
