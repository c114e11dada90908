/** Strings sorted and formatted as Python prints a list of str: ['a', 'b']. */
export function pyList(items: string[]): string {
  return `[${[...items]
    .sort()
    .map((l) => `'${l}'`)
    .join(', ')}]`;
}
