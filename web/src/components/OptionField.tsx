// One game option in the new-game form, by its kind: a checkbox (bool), a seat or "random"
// (seat), species to leave out or "random" (subset), a file whose content is sent (json).
import { useState } from "preact/hooks";
import type { OptionSpec } from "../api/types";
import { label } from "../text/words";

interface Props {
  spec: OptionSpec;
  players: number;
  value: unknown;
  onChange: (value: unknown) => void;
}

function SubsetField({ spec, players, value, onChange }: Props) {
  const chosen = Array.isArray(value) ? (value as string[]) : null;
  const toggle = (name: string) => {
    const list = chosen ?? [];
    onChange(list.includes(name) ? list.filter((n) => n !== name) : [...list, name]);
  };
  return (
    <div class="subset">
      <label>
        <input type="checkbox" data-option={`${spec.name}:random`} checked={chosen === null} onChange={() => onChange(chosen === null ? [] : null)} />
        random
      </label>
      {chosen !== null &&
        spec.groups.map((group) => (
          <fieldset key={group.label}>
            <legend>
              {group.label ? `${group.label}: ` : ""}choose {group.count[String(players)] ?? 0}
            </legend>
            {group.names.map((name) => (
              <label key={name}>
                <input type="checkbox" data-option={`${spec.name}:${name}`} checked={chosen.includes(name)} onChange={() => toggle(name)} />
                {label(name)}
              </label>
            ))}
          </fieldset>
        ))}
    </div>
  );
}

function JsonField({ spec, onChange }: Props) {
  const [status, setStatus] = useState("");
  const read = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) {
      onChange(null);
      setStatus("");
      return;
    }
    try {
      onChange(JSON.parse(await file.text()));
      setStatus(`${file.name} read`);
    } catch {
      onChange(null);
      setStatus(`${file.name} is not a JSON file`);
    }
  };
  return (
    <span>
      <input type="file" accept=".json,application/json" data-option={spec.name} onChange={(e) => void read((e.target as HTMLInputElement).files)} />
      <small class="status">{status}</small>
    </span>
  );
}

export function OptionField(props: Props) {
  const { spec, players, value, onChange } = props;
  let input;
  if (spec.kind === "bool") {
    input = <input type="checkbox" data-option={spec.name} checked={value === true} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />;
  } else if (spec.kind === "seat") {
    input = (
      <select
        data-option={spec.name}
        value={value === null || value === undefined ? "" : String(value)}
        onChange={(e) => {
          const v = (e.target as HTMLSelectElement).value;
          onChange(v === "" ? null : Number(v));
        }}
      >
        <option value="">random</option>
        {Array.from({ length: players }, (_, i) => (
          <option key={i} value={String(i)}>
            seat {i + 1}
          </option>
        ))}
      </select>
    );
  } else if (spec.kind === "subset") {
    input = <SubsetField {...props} />;
  } else {
    input = <JsonField {...props} />;
  }
  return (
    <div class="option" title={spec.description}>
      <span class="option-label">{spec.label}</span>
      {input}
      <small class="option-help">{spec.description}</small>
    </div>
  );
}
