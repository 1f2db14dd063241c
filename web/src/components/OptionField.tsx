// One game option in the new-game form, by its kind: a checkbox (bool), a seat or "random"
// (seat), species to leave out or "random" (subset), a file whose content is sent (json).
import { useState } from "preact/hooks";
import type { OptionGroup, OptionSpec } from "../api/types";
import { t } from "../i18n";
import { speciesName } from "../text/words";

/** An option's label and help in the game catalogue's words (`option.<name>`,
 * `option.<name>.help`), else the server catalog's English (an older server's option). */
const optionLabel = (spec: OptionSpec) => t(`game:option.${spec.name}`, { defaultValue: spec.label });
const optionHelp = (spec: OptionSpec) => t(`game:option.${spec.name}.help`, { defaultValue: spec.description });
/** A subset group's label in the game catalogue's words (its `label_id`), else the English. */
const groupLabel = (group: OptionGroup) => (group.label_id ? t(`game:${group.label_id}`, { defaultValue: group.label }) : group.label);

/** What is wrong with a subset option's `value` for `players` players, as the server would
 * refuse it (games/trucks.py choose_removed: exactly the group's count of each group, the
 * combined game's two groups each on its own), or "" when it may be sent. Null is "random". */
export function subsetProblem(spec: OptionSpec, players: number, value: unknown): string {
  if (spec.kind !== "subset" || !Array.isArray(value)) return "";
  for (const group of spec.groups) {
    const need = group.count[String(players)] ?? 0;
    const chosen = group.names.filter((n) => (value as string[]).includes(n)).length;
    if (chosen !== need) {
      const what = { n: need, chosen, label: optionLabel(spec) };
      return group.label ? t("option.choose-exactly-group", { ...what, group: groupLabel(group) }) : t("option.choose-exactly", what);
    }
  }
  return "";
}

interface Props {
  spec: OptionSpec;
  players: number;
  value: unknown;
  onChange: (value: unknown) => void;
}

function SubsetField({ spec, players, value, onChange }: Props) {
  const chosen = Array.isArray(value) ? (value as string[]) : null;
  const problem = subsetProblem(spec, players, value);
  const toggle = (name: string) => {
    const list = chosen ?? [];
    onChange(list.includes(name) ? list.filter((n) => n !== name) : [...list, name]);
  };
  return (
    <div class="subset">
      <label>
        <input type="checkbox" data-option={`${spec.name}:random`} checked={chosen === null} onChange={() => onChange(chosen === null ? [] : null)} />
        {t("option.random")}
      </label>
      {chosen !== null &&
        spec.groups.map((group) => (
          <fieldset key={group.label}>
            <legend>
              {group.label
                ? t("option.group-choose", { group: groupLabel(group), n: group.count[String(players)] ?? 0 })
                : t("option.choose", { n: group.count[String(players)] ?? 0 })}
            </legend>
            {group.names.map((name) => (
              <label key={name}>
                <input type="checkbox" data-option={`${spec.name}:${name}`} checked={chosen.includes(name)} onChange={() => toggle(name)} />
                {speciesName(name)}
              </label>
            ))}
          </fieldset>
        ))}
      {problem && (
        <small class="error" data-problem={spec.name} role="alert">
          {problem}
        </small>
      )}
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
      setStatus(t("option.file-read", { file: file.name }));
    } catch {
      onChange(null);
      setStatus(t("option.file-not-json", { file: file.name }));
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
        <option value="">{t("option.random")}</option>
        {Array.from({ length: players }, (_, i) => (
          <option key={i} value={String(i)}>
            {t("option.seat", { n: i + 1 })}
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
    <div class="option" title={optionHelp(spec)}>
      <span class="option-label">{optionLabel(spec)}</span>
      {input}
      <small class="option-help">{optionHelp(spec)}</small>
    </div>
  );
}
