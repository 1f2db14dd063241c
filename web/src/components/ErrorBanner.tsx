// The server's last refusal, in its own words. A refused token gets a link to watch
// instead (the spectator's page: no token at all).
import { forgetToken } from "../api/tokens";

export function ErrorBanner({ id, error, refused }: { id: string; error: string; refused: boolean }) {
  return (
    <p class="error" data-error>
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
