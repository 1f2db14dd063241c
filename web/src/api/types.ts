// The shapes the server sends (docs/api.md), all generated: the views each game's engine
// writes into views.gen.ts, every answer of the API into api.gen.ts; re-exported here.

import type { Snapshot } from "./api.gen";
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

// The API's answers are generated too (api.gen.ts, `make views`), from the TypedDicts of
// src/zoogames/server/contract.py: the client reads exactly what the server declares.
export type {
  BotSpec,
  Catalog,
  CatalogGame,
  GameResult,
  Hint,
  HintStep,
  LogEntry,
  Message,
  OptionGroup,
  OptionSpec,
  ReplayStep,
  Review,
  ReviewDecision,
  SeatInfo,
  Snapshot,
  TableEvent,
} from "./api.gen";

/** What a timeout or a leaving player does: the fallback bot plays, or the seat forfeits. */
export type OnChoice = Snapshot["on_timeout"];
