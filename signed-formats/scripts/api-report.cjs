// The public API of signed-formats, listed the way API Extractor's report lists one: every name src/index.ts
// exports, with its declaration as the compiler emits it (comments left out), in name order. The checked-in
// api-report.md is compared by scripts/api-report.test.ts, so a change of a format or of what client-js ships is
// seen in review. `npm run api-report -w signed-formats` rewrites it.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const ts = require('typescript');

const PACKAGE_DIR = join(__dirname, '..');
const ENTRY = join(PACKAGE_DIR, 'src', 'index.ts');
const REPORT_PATH = join(PACKAGE_DIR, 'api-report.md');

function declarationOptions() {
  const { config } = ts.readConfigFile(join(PACKAGE_DIR, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, PACKAGE_DIR);
  return {
    ...options,
    composite: false,
    incremental: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    sourceMap: false,
    removeComments: true,
  };
}

/** The emitted declaration file of each source file, by the source file's name. */
function emittedDeclarations(program) {
  const declarations = new Map();
  const keep = (fileName, text, _bom, _onError, sources) => {
    if (sources?.length === 1)
      declarations.set(sources[0].fileName, ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true));
  };
  const { diagnostics } = program.emit(undefined, keep, undefined, true);
  if (diagnostics.length > 0) throw new Error(ts.formatDiagnostics(diagnostics, ts.createCompilerHost({})));
  return declarations;
}

/** A field list one member a line: a tuple of plain types (`readonly ["serial", "text"]`) stays on one line. */
const holdsStructure = (node) =>
  ts.isTupleTypeNode(node) || ts.isTypeLiteralNode(node) || (ts.isTypeOperatorNode(node) && holdsStructure(node.type));
function tuplesOnOneLine(node) {
  if (ts.isTupleTypeNode(node) && !node.elements.some(holdsStructure)) ts.setEmitFlags(node, ts.EmitFlags.SingleLine);
  ts.forEachChild(node, tuplesOnOneLine);
}

const declaredNames = (statement) =>
  ts.isVariableStatement(statement)
    ? statement.declarationList.declarations.map((d) => d.name.getText())
    : [statement.name?.getText()];

/** The report's text: a heading, then one TypeScript block with each export's declarations. */
function publicApiReport() {
  const program = ts.createProgram([ENTRY], declarationOptions());
  const declarations = emittedDeclarations(program);
  const checker = program.getTypeChecker();
  const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed, removeComments: true });
  const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(ENTRY)));

  const entries = exports.map((exported) => {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const files = [...new Set(target.declarations.map((node) => node.getSourceFile().fileName))];
    const statements = files.flatMap((file) =>
      declarations.get(file).statements.filter((statement) => declaredNames(statement).includes(target.name)),
    );
    statements.forEach(tuplesOnOneLine);
    if (statements.length === 0) throw new Error(`No declaration emitted for ${exported.name}`);
    const renamed = exported.name === target.name ? '' : `// exported as ${exported.name}\n`;
    return [
      exported.name,
      renamed +
        statements
          .map((statement) => printer.printNode(ts.EmitHint.Unspecified, statement, statement.getSourceFile()))
          .join('\n'),
    ];
  });
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

  return [
    '# signed-formats: public API',
    '',
    'Written by `npm run api-report -w signed-formats` from what `src/index.ts` exports, as the compiler declares it.',
    'A change here changes the signed formats or what client-js ships: review it with docs/licence-file.md,',
    'docs/client-api.md and their vectors.',
    '',
    '```ts',
    entries.map(([, text]) => text).join('\n\n'),
    '```',
    '',
  ].join('\n');
}

module.exports = { publicApiReport, REPORT_PATH };

if (require.main === module) {
  const report = publicApiReport();
  if (process.argv.includes('--write')) {
    writeFileSync(REPORT_PATH, report);
    console.log(`wrote ${REPORT_PATH}`);
  } else if (readFileSync(REPORT_PATH, 'utf8') !== report) {
    console.error(`${REPORT_PATH} is out of date: npm run api-report -w signed-formats`);
    process.exitCode = 1;
  }
}
