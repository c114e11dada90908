// A defense's tally over a scenario set (spec §2.1), in the spec's JSON field order.
export interface Result {
  defense: string;
  injections_total: number;
  injections_blocked: number;
  benign_total: number;
  benign_kept: number;
  unscored: number;
  injections_halted_in_task: number;
  injections_attributable: number;
}

export function emptyResult(defense: string): Result {
  return {
    defense,
    injections_total: 0,
    injections_blocked: 0,
    benign_total: 0,
    benign_kept: 0,
    unscored: 0,
    injections_halted_in_task: 0,
    injections_attributable: 0,
  };
}
