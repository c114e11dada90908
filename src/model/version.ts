// The tool version recorded in every result, so results from different tool versions are not
// compared. Read from package.json (bundled into dist/), never copied by hand.
import pkg from '../../package.json' with { type: 'json' };

export const TOOL_VERSION: string = pkg.version;
