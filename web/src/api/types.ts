// The shapes the server sends (docs/api.md) and the views each game's engine writes
// (src/zoogames/games/*/state.py `view`). The client draws only what these hold.

/** One seat's points: `total` and a number per category. */
export type Score = { total: number } & Record<string, number>;

/** What every game's view holds (docs/architecture.md, "Views"). */
export interface BaseView {
  game: string;
  players: number;
  seat: number | null;
  to_move: number | null;
  legal: string[];
  scores: Score[];
}

export interface Truck {
  name: string;
  tiles: string[];
  free: number;
  blocked: number;
  taken_by: number | null;
  /** Only with two piles: the game whose tiles the truck carries this round. */
  game?: string | null;
}

export interface PileView {
  name: string;
  pile: number;
  reserve: number;
  state: string;
}

/** The truck round, shared by Aquaretto, Zooloretto and the combined game. */
export interface TruckRoundView extends BaseView {
  round: number;
  final_round: boolean;
  pile?: number;
  reserve?: number;
  piles?: PileView[];
  bank: number;
  coins: number[];
  trucks: Truck[];
  drawn: string | null;
  unloading: string[];
  discarded: string[];
}

export interface PlacedTile {
  x: number;
  y: number;
  tile: string;
}

export interface Expansion {
  size: "small" | "large";
  cells: [number, number][];
}

/** One Aquaretto water zoo. */
export interface WaterZooView {
  spaces: [number, number][];
  tiles: PlacedTile[];
  trainers: [number, number][];
  cashiers: number;
  keepers: number;
  manager: number;
  depot: string[];
  expansions: Expansion[];
  small_left: number;
  large_left: number;
  allowance: number;
  truck: string | null;
}

export interface AquarettoView extends TruckRoundView {
  game: "aquaretto";
  supply: number;
  species: string[];
  zoos: WaterZooView[];
  pending: string | null;
}

export interface EnclosureView {
  name: string;
  size: number;
  built: boolean;
  points_full: number;
  points_short: number;
  coins: number;
  stall_spaces: string[];
  species: string | null;
  tiles: string[];
  points: number;
}

export interface StallSpaceView {
  name: string;
  enclosure: string;
  built: boolean;
  stall: string | null;
}

/** One Zooloretto zoo board with its barn. */
export interface ZooBoardView {
  enclosures: EnclosureView[];
  stall_spaces: StallSpaceView[];
  barn: string[];
  expansions_left: number;
  truck: string | null;
}

export interface ZoolorettoView extends TruckRoundView {
  game: "zooloretto";
  species: string[];
  offspring_left: Record<string, number>;
  zoos: ZooBoardView[];
}

export interface CombinedView extends TruckRoundView {
  game: "aquaretto-zooloretto";
  supply: number;
  water_species: string[];
  water_offspring_left: Record<string, number>;
  zoo_species: string[];
  offspring_left: Record<string, number>;
  water_zoos: WaterZooView[];
  zoos: ZooBoardView[];
  pending: string | null;
}

export interface Section {
  colour: string;
  animal: boolean;
}

export interface CardView {
  card: number | string;
  text: string;
  /** Top left, top right, bottom left, bottom right, already turned as placed. */
  sections: Section[];
}

export interface PlacedCard extends CardView {
  x: number;
  y: number;
  turn: string;
}

export interface AreaView {
  colour: string;
  sections: number;
  animals: number;
  points: number;
  /** Section coordinates: the entrance card covers 0..1 in both. */
  cells: [number, number][];
}

export interface LayoutView {
  entrance: string;
  cards: PlacedCard[];
  areas: AreaView[];
  animals: number;
  free: [number, number][];
}

export interface DesignerView extends BaseView {
  game: "aquarium-designer";
  round: number;
  rounds: number;
  rule: string;
  first_player: number;
  offer: CardView[];
  preview: CardView | null;
  deck: number;
  left_game: CardView[];
  drawn: boolean[];
  passed: boolean[];
  layouts: LayoutView[];
  deck_name: string;
  rank?: string;
}

export type GameView = AquarettoView | ZoolorettoView | CombinedView | DesignerView;

export interface SeatInfo {
  seat: number;
  kind: "human" | "bot";
  name: string | null;
  joined: boolean;
  bot: string | null;
}

export interface LogEntry {
  number: number;
  seat: number;
  /** Another seat appears as `{n}`: fill in its name (text/words.ts `fillNames`). */
  text: string;
  /** The action's notation. */
  action: string;
  /** The round it was played in; null in a game without rounds. */
  round: number | null;
}

export interface GameResult {
  winners: number[];
  scores: number[];
  [tiebreak: string]: number[];
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
  can_undo: boolean;
  thinking: number | null;
  result: GameResult | null;
  /** The seat of the invitation the page holds (it joins to play), else null. */
  invited?: number | null;
}

/** A group of names a `subset` option picks from: `count[players]` of them. */
export interface OptionGroup {
  label: string;
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
