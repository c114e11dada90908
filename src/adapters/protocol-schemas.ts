// The protocol's messages as JSON Schema (draft 2020-12), generated from the zod schemas the gate
// validates with: what docs/protocol/ ships, so a defense author can check messages in any language.
import { z } from 'zod';
import { MESSAGE_SCHEMAS } from './protocol.js';

const TITLES: Record<keyof typeof MESSAGE_SCHEMAS, string> = {
  'hello.schema.json': "The defense's first message (protocol 1 or 2)",
  'reply-v1.schema.json': 'A reply in protocol 1',
  'reply-v2.schema.json': 'A reply in protocol 2',
  'begin.schema.json': 'Protocol 2: the gate begins a session',
  'request-v1.schema.json': 'Protocol 1: the gate asks about one call',
  'request-v2.schema.json': 'Protocol 2: the gate asks about one call',
  'end.schema.json': 'Protocol 2: the gate ends a session',
  'feedback.schema.json': 'Protocol 2, online runs: feedback on a call of an ended episode, to a defense that learns',
};

/**
 * File name → schema text (2-space JSON, trailing newline). Every message is described as it is
 * read (zod's input side): a field with a default may be left out, and an unknown field is
 * allowed, as docs/protocol.md#versioning promises: new optional fields may be added to
 * `capabilities`, to begin and to requests without a version bump, and a defense that checks what
 * the gate sends against these schemas must keep working when they are.
 */
export function protocolSchemas(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(MESSAGE_SCHEMAS).map(([file, schema]) => {
      const json = {
        title: TITLES[file as keyof typeof MESSAGE_SCHEMAS],
        ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }),
      };
      return [file, JSON.stringify(json, null, 2) + '\n'];
    }),
  );
}
