// The architecture rules of docs/architecture.md, checked by `npm run lint` (dependency-cruiser).
// Layers only point down: a module may import from its own layer and the layers listed before it.
const LAYERS = ['model', 'format', 'defenses', 'corpora', 'scoring', 'evaluate', 'gate', 'report', 'data', 'adapters', 'run'];
/** The pure core: no disk, no processes, no network, no GitHub. */
const CORE = LAYERS.slice(0, LAYERS.indexOf('report') + 1);
const SHELLS = ['cli', 'action'];

const dir = (names) => `^src/(${names.join('|')})/`;

const layering = LAYERS.map((layer, i) => ({
  name: `layer-${layer}`,
  comment: `${layer} may import only ${LAYERS.slice(0, i + 1).join(', ')} (docs/architecture.md)`,
  severity: 'error',
  from: { path: `^src/${layer}/` },
  to: { path: dir([...LAYERS.slice(i + 1), ...SHELLS, 'scorer', 'sdk']) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle makes layers meaningless: break it by moving the shared piece down.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layering,
    {
      name: 'shells-apart',
      comment: 'The CLI and the action are thin shells over one library; neither imports the other.',
      severity: 'error',
      from: { path: '^src/(cli|action)/' },
      to: { path: '^src/(cli|action|scorer|sdk)/', pathNot: '^src/$1/' },
    },
    {
      name: 'core-is-pure',
      comment: 'The core does no I/O: files, processes and the network belong to data/, adapters/ and the shells.',
      severity: 'error',
      from: { path: dir(CORE) },
      to: { dependencyTypes: ['core'], path: '^(node:)?(fs|fs/promises|child_process|http|https|net|dgram|worker_threads|readline)$' },
    },
    {
      name: 'github-only-in-the-action',
      comment: 'Only the action shell talks to GitHub.',
      severity: 'error',
      from: { pathNot: '^src/action/' },
      to: { path: '@actions/' },
    },
    {
      name: 'scorer-apart',
      comment: 'The classifier scorer is its own bundle: nothing else loads it or its model runtime, and it uses only the model layer.',
      severity: 'error',
      from: { pathNot: '^src/scorer/' },
      to: { path: '(^src/scorer/|@huggingface/transformers|onnxruntime)' },
    },
    {
      name: 'scorer-uses-only-the-model',
      severity: 'error',
      from: { path: '^src/scorer/' },
      to: { path: '^src/', pathNot: '^src/(scorer|model)/' },
    },
    {
      name: 'sdk-stands-alone',
      comment: 'The SDK ships on its own (dist/sdk, or copied into a defense repository): it imports nothing from the rest of src/.',
      severity: 'error',
      from: { path: '^src/sdk/' },
      to: { path: '^src/', pathNot: '^src/sdk/' },
    },
    {
      name: 'not-to-test',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench|scripts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.js', '.json'],
    },
  },
};
