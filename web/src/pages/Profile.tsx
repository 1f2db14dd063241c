// A player's profile (route `/players/{name}`): games played and won per game,
// the rating per game, the player's games a page at a time with links to their replays.
import { useEffect, useState } from "preact/hooks";
import { type Profile as ProfileData, lobbyApi } from "../api/lobby";
import { LanguageSwitch } from "../components/LanguageSwitch";
import { SiteNav } from "../components/SiteNav";
import { useT } from "../i18n/hooks";
import { gameName } from "../text/words";

export function Profile({ name }: { name: string }) {
  const { t } = useT();
  const [profile, setProfile] = useState<ProfileData | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    lobbyApi.player(name).then(setProfile, (e: Error) => setError(e.message));
  }, [name]);
  // The server sends a page of games at a time (a profile's cost must not grow with the
  // games an account played): "Older games" appends the next one.
  const older = () => {
    if (!profile?.more) return;
    lobbyApi.player(name, profile.more).then(
      (next) => setProfile({ ...profile, recent: [...profile.recent, ...next.recent], more: next.more }),
      (e: Error) => setError(e.message),
    );
  };

  const games = profile ? [...new Set([...Object.keys(profile.games), ...Object.keys(profile.ratings)])].sort() : [];
  return (
    <main class="profile">
      <SiteNav />
      <LanguageSwitch />
      <h1 data-player={profile?.name ?? name}>{profile?.name ?? name}</h1>
      {error && (
        <p class="error" data-error role="alert">
          {error}
        </p>
      )}
      {profile && (
        <>
          <h2>{t("profile.per-game")}</h2>
          {games.length === 0 ? (
            <p>{t("profile.no-games")}</p>
          ) : (
            <table class="stats">
              <thead>
                <tr>
                  <th scope="col">{t("profile.game")}</th>
                  <th scope="col">{t("profile.played")}</th>
                  <th scope="col">{t("profile.won")}</th>
                  <th scope="col">{t("profile.rating")}</th>
                </tr>
              </thead>
              <tbody>
                {games.map((g) => (
                  <tr key={g} data-stats={g}>
                    <th scope="row">
                      <a href={`/leaderboard/${g}`}>{gameName(g)}</a>
                    </th>
                    <td>{profile.games[g]?.played ?? 0}</td>
                    <td>{profile.games[g]?.won ?? 0}</td>
                    <td>{profile.ratings[g] ? profile.ratings[g].ordinal.toFixed(1) : "–"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h2>{t("profile.recent")}</h2>
          {profile.recent.length === 0 ? (
            <p>{t("profile.no-games")}</p>
          ) : (
            <ul class="game-rows" data-list="recent">
              {profile.recent.map((r) => (
                <li key={r.id} data-game-id={r.id}>
                  <a href={`/play/${r.id}`}>{gameName(r.game)}</a>{" "}
                  <span>{r.status === "over" ? (r.won ? t("profile.won-game") : t("profile.lost-game")) : t("profile.in-play")}</span>
                  {r.rated && <span> · {t("lobby.rated")}</span>}
                  {r.record && (
                    <>
                      {" · "}
                      <a href={r.record} data-link="record">
                        {t("profile.record")}
                      </a>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
          {profile.more && (
            <button type="button" data-action="older-games" onClick={older}>
              {t("profile.older")}
            </button>
          )}
        </>
      )}
    </main>
  );
}
