// The scorer's one failure of its own: the model or tokenizer cannot score faithfully (exit 1).
// Bad flags and unreadable corpora are the library's InputError (exit 2).
export class ScoringError extends Error {
  override name = 'ScoringError';
}
