// The shapes the server sends (docs/api.md). The views each game's engine writes
// (src/zoogames/games/*/state.py `view`) are generated into views.gen.ts and re-exported here.

import type { GameView, TruckView, TwoPileTruckView } from "./views.gen";

// The engine's views are generated from the TypedDicts beside each game (views.gen.ts,
// `make views`): the client reads exactly what the engine is type-checked to write.
export type {
  AquarettoView,
  AquarettoZoolorettoView,
  AreaView,
  CardView,
  DesignerView,
  EnclosureView,
  ExpansionView,
  GameView,
  LayoutView,
  PileView,
  PlacedCardView,
  PlacedTileView,
  SectionView,
  StallSpaceView,
  TruckView,
  TwoPileTruckView,
  WaterZooView,
  ZooBoardView,
  ZoolorettoView,
} from "./views.gen";

/** One seat's points: `total` and a number per category. */
export type Score = GameView["scores"][number];

/** What every game's view holds (docs/architecture.md, "Views"): the keys all views share. */
export type BaseView = Pick<GameView, "game" | "players" | "seat" | "to_move" | "legal" | "scores">;

/** The view of a game with a truck round: Aquaretto, Zooloretto and the combined game. */
export type TruckRoundView = Extract<GameView, { trucks: unknown }>;

/** A truck of either kind: with two piles it also names the game it carries (`"game" in truck`). */
export type Truck = TruckView | TwoPileTruckView;

export interface SeatInfo {
  seat: number;
  kind: "human" | "bot";
  name: string | null;
  joined: boolean;
  bot: string | null;
}

/** A catalogue id with its params (docs/i18n.md): a move log line in any language. */
export interface Message {
  id: string;
  params: Record<string, string | number | { seat: number } | Message>;
}

export interface LogEntry {
  number: number;
  seat: number;
  /** Another seat appears as `{n}`: fill in its name (text/words.ts `fillNames`). */
  text: string;
  /** The line as a message, rendered in the reader's language (docs/i18n.md). */
  message: Message;
  /** The action's notation. */
  action: string;
  /** The round it was played in; null in a game without rounds. */
  round: number | null;
  /** Present where the seat has changed hands since: the name of the player who made it
   * (null: an unnamed seat). */
  by?: string | null;
}

/** Something that happened to a seat: a system line of the log and the chat. */
export interface TableEvent {
  kind: "joined" | "left" | "timed_out" | "forfeited" | "rematch";
  /** How many actions had been played: the log shows it after the action before. */
  number: number;
  seat: number | null;
  /** The seat's player at that moment; null: an unnamed seat. */
  name: string | null;
  /** The bot that plays the seat from then on (left) or played the move (timed_out). */
  bot: string | null;
  /** The other game (a rematch). */
  game: string | null;
  /** When (ISO 8601, UTC). */
  at: string;
}

export interface GameResult {
  winners: number[];
  scores: number[];
  /** The seat that forfeited (it ranks last whatever its points); absent: nobody. */
  forfeited?: number;
  [tiebreak: string]: number[] | number | undefined;
}

export interface Snapshot {
  id: string;
  game: string;
  status: "playing" | "over";
  number: number;
  seats: SeatInfo[];
  you: number | null;
  view: GameView;
  log_from: number;
  log: LogEntry[];
  /** What happened to the seats, oldest first (absent from an older server). */
  events?: TableEvent[];
  can_undo: boolean;
  thinking: number | null;
  result: GameResult | null;
  /** The seat of the invitation the page holds (it joins to play), else null. */
  invited?: number | null;
  /** The seats anyone may still take: the table waits while there is one. */
  open_seats?: number[];
  /** The rematch's game id once someone asked for it. */
  rematch?: string | null;
  /** When the seat to move runs out of time (ISO 8601, UTC); null: no clock runs. */
  deadline?: string | null;
  /** The seat that forfeited the game (out of time, or it left), ending it; null: nobody. */
  forfeited?: number | null;
  /** What a timeout does, as the creator chose: a bot plays the move, or the seat forfeits. */
  on_timeout?: OnChoice;
  /** What leaving the table does, as the creator chose: a bot takes the seat, or it forfeits. */
  on_leave?: OnChoice;
  /** A seated player may ask for a hint on their turn (`POST /api/games/{id}/hint`). */
  hints?: boolean;
}

/** One step of a hint in words: its notation and its message (docs/api.md, Hints). */
export interface HintStep {
  action: string;
  message: Message;
}

/** The bots' suggestion for a seat's turn (`POST /api/games/{id}/hint`). */
export interface Hint {
  /** The position it is for (the number of actions played then). */
  number: number;
  seat: number;
  /** The whole turn the search suggests, as notations; the first is legal now. */
  actions: string[];
  /** The steps in words, up to the first that reveals something. */
  steps?: HintStep[];
  /** The search's estimate for the suggestion in [0, 1] (with several seats, about the
   * chance of winning; not calibrated); null when there was nothing to choose. */
  value?: number | null;
  /** The actions the search considered at the first step, the most visited first. */
  alternatives?: { action: string; visits: number; value: number; message?: Message }[];
}

/** One decision of a reviewed game (docs/api.md, Reviews). */
export interface ReviewDecision {
  /** The action's number in the game (the position before it is the replay's step `number`). */
  number: number;
  seat: number;
  played: string;
  preferred: string;
  /** The search's estimate of what the played action lost against the preferred one, in
   * [0, 1] (about the chance to win); 0 when they are the same; null if it could not be rated. */
  loss: number | null;
  /** Each seat's estimate of the position before the decision (about its chance to win). */
  values: (number | null)[];
  played_message: Message;
  preferred_message: Message;
}

/** `GET /api/games/{id}/review`: never asked, being computed (done of total), or done. */
export interface Review {
  status: "none" | "computing" | "done";
  done?: number;
  total?: number;
  iterations?: number;
  /** The seats whose decisions are reviewed. */
  seats?: number[];
  decisions?: ReviewDecision[];
  /** The numbers of the costliest decisions, costliest first. */
  turning_points?: number[];
}

/** What a timeout or a leaving player does: the fallback bot plays, or the seat forfeits. */
export type OnChoice = "bot" | "forfeit";

/** A group of names a `subset` option picks from: `count[players]` of them. */
export interface OptionGroup {
  label: string;
  /** The label's id in the game catalogue (`game.aquaretto`); "" when there is no label. */
  label_id: string;
  names: string[];
  count: Record<string, number>;
}

/** One option of a game, as the catalog describes it (`Game.option_specs()`). */
export interface OptionSpec {
  name: string;
  kind: "bool" | "seat" | "subset" | "json";
  label: string;
  description: string;
  /** null: the game draws it from its seed (or uses its standard setup). */
  default: unknown;
  groups: OptionGroup[];
  /** The player counts the option makes sense for; empty: every count. */
  players: number[];
}

export interface CatalogGame {
  id: string;
  name: string;
  min_players: number;
  max_players: number;
  options: OptionSpec[];
}

export interface BotSpec {
  spec: string;
  label: string;
  /** The label's id in the game catalogue (`level.greedy`), from a server that sends it. */
  level?: string;
  /** One of the named levels (beginner, casual, strong, expert): the form lists them first. */
  named?: boolean;
  /** The games in which it has a fixed public rating, so that a rated game may seat it. */
  rated_in?: string[];
}

export interface Catalog {
  games: CatalogGame[];
  bots: BotSpec[];
}

export interface ReplayStep {
  number: number;
  view: GameView;
  log: LogEntry[];
}
