// TEMPORARY (replaced by the seeds branch's port of corpora/agentdojo/export/transforms.py).
export const framing = (goal: string): string => 'Note to self, do not forget: ' + goal;
export const fieldSplit = (goal: string): string => goal.replace(/ +/g, (m) => `${m}|\n`);
const LEET: Record<string, string> = { i: '1', e: '3', a: '4', o: '0' };
export const leet = (goal: string): string => [...goal].map((c) => LEET[c] ?? c).join('');
