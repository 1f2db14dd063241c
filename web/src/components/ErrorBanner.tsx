// The server's last refusal, in its own words. A game that does not exist offers the way
// home; a refused token offers to watch instead (the spectator's page: no token at all).
import { forgetToken } from "../api/tokens";
import { t } from "../i18n";

export function ErrorBanner({ id, error, refused, status }: { id: string; error: string; refused: boolean; status: number }) {
  if (status === 404) {
    return (
      <p class="error" data-error role="alert">
        {t("error.no-game", { id })}{" "}
        <a href="/" data-action="home">
          {t("error.start-new")}
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
            {t("error.watch")}
          </a>
        </>
      )}
    </p>
  );
}
