// A tile that stands for some words of an action (e.g. "place dolphin/m" or "2 panda/m").
import type { Words } from "../play/choices";
import { useChoice } from "../play/context";
import { TileButton } from "./TileGlyph";

interface Props {
  tile: string;
  role: string;
  seat?: number;
  alternatives: Words[];
  size?: number;
}

export function ChoiceTile({ tile, role, seat, alternatives, size }: Props) {
  const choice = useChoice(alternatives);
  return <TileButton tile={tile} role={role} seat={seat} size={size} enabled={choice.enabled} selected={choice.selected} onClick={choice.onClick} />;
}
