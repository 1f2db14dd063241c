// The links between the pages (home, lobby, my games, the leaderboards) and who
// is signed in: the account's name (its profile, and its account page) or "sign in".
import { useAccount } from "../account/account";
import { useT } from "../i18n/hooks";

export function SiteNav() {
  const { t } = useT();
  const who = useAccount();
  return (
    <nav class="site-nav" aria-label={t("nav.label")}>
      <a href="/">zoogames</a>
      <a href="/lobby" data-link="lobby">
        {t("nav.lobby")}
      </a>
      <a href="/games" data-link="my-games">
        {t("nav.my-games")}
      </a>
      <a href="/leaderboard/aquaretto" data-link="leaderboard">
        {t("nav.leaderboard")}
      </a>
      <span class="account" data-account={who ?? ""}>
        {who === undefined ? null : who === null ? (
          <a href="/account" data-link="sign-in">
            {t("nav.sign-in")}
          </a>
        ) : (
          <>
            <a href={`/players/${encodeURIComponent(who)}`} data-signed-in={who}>
              {who}
            </a>{" "}
            <a href="/account" data-link="account">
              {t("nav.account")}
            </a>
          </>
        )}
      </span>
    </nav>
  );
}
