// The tool version recorded in every result, so results from different tool versions are not compared.
export const TOOL_VERSION = '0.1.0';
