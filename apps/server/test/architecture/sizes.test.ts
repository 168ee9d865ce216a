import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The sizes docs/architecture.md#the-rules-npm-test-enforces sets, measured on the syntax tree: a feature
 * file a reader can hold, a class with one audience, a jobs service that does not forward to its
 * dependencies, and an app.ts that only builds and wires.
 */
const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const FEATURES = path.join(SRC, 'features');
const MAX_FEATURE_FILE_LINES = 300;
const MAX_CLASS_LINES = 200;
const MAX_JOBS_DEPENDENCIES = 10;
const MAX_APP_LINES = 250;
const MAX_BUILD_APP_LINES = 120;

const productFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f));

const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
const linesOf = (source: ts.SourceFile, node: ts.Node) =>
  source.getLineAndCharacterOfPosition(node.getEnd()).line - source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
const lineCount = (source: ts.SourceFile) => source.getLineAndCharacterOfPosition(source.getEnd()).line;

function each<T extends ts.Node>(node: ts.Node, is: (n: ts.Node) => n is T, found: T[] = []): T[] {
  if (is(node)) found.push(node);
  ts.forEachChild(node, (child) => void each(child, is, found));
  return found;
}

const relative = (file: string) => path.relative(SRC, file);

describe('sizes of the server code', () => {
  it(`keeps every product file under src/features within ${MAX_FEATURE_FILE_LINES} lines`, () => {
    const long = productFiles(FEATURES)
      .map((file) => ({ file: relative(file), lines: lineCount(parse(file)) }))
      .filter((f) => f.lines > MAX_FEATURE_FILE_LINES);
    expect(long).toEqual([]);
  });

  it(`keeps every class under src/features within ${MAX_CLASS_LINES} lines`, () => {
    const long = productFiles(FEATURES).flatMap((file) => {
      const source = parse(file);
      return each(source, ts.isClassDeclaration)
        .map((c) => ({ class: `${relative(file)}#${c.name?.text}`, lines: linesOf(source, c) }))
        .filter((c) => c.lines > MAX_CLASS_LINES);
    });
    expect(long).toEqual([]);
  });

  it(`gives the staff queue's service at most ${MAX_JOBS_DEPENDENCIES} dependencies and no method that only forwards to one`, () => {
    const source = parse(path.join(FEATURES, 'jobs/service.ts'));
    const deps = each(source, ts.isTypeAliasDeclaration).find((t) => t.name.text === 'JobsDeps');
    expect(deps && ts.isTypeLiteralNode(deps.type)).toBe(true);
    expect((deps!.type as ts.TypeLiteralNode).members.length).toBeLessThanOrEqual(MAX_JOBS_DEPENDENCIES);
    const service = each(source, ts.isClassDeclaration).find((c) => c.name?.text === 'JobsService')!;
    const forwarding = service.members
      .filter(ts.isMethodDeclaration)
      .filter(onlyForwards)
      .map((m) => m.name.getText(source));
    expect(forwarding).toEqual([]);
  });

  it(`keeps app.ts within ${MAX_APP_LINES} lines and buildApp within ${MAX_BUILD_APP_LINES}`, () => {
    const source = parse(path.join(SRC, 'app.ts'));
    expect(lineCount(source)).toBeLessThanOrEqual(MAX_APP_LINES);
    const buildApp = each(source, ts.isFunctionDeclaration).find((f) => f.name?.text === 'buildApp');
    expect(buildApp).toBeDefined();
    expect(linesOf(source, buildApp!)).toBeLessThanOrEqual(MAX_BUILD_APP_LINES);
  });

  it('recognises a forwarding method, so the rule above can fail', () => {
    const source = ts.createSourceFile(
      'x.ts',
      `class X { a(r: R) { return this.d.tus.continueUpload(r); } b(r: R) { return this.d.tus.continueUpload(r, 1); } get c() { return 1; } }`,
      ts.ScriptTarget.Latest,
      true,
    );
    const methods = each(source, ts.isMethodDeclaration);
    expect(methods.map(onlyForwards)).toEqual([true, false]);
  });
});

/** `m(a, b) { return this.d.x.y(a, b); }`: the body is one call on a dependency, with the method's own parameters as they came. */
function onlyForwards(method: ts.MethodDeclaration): boolean {
  const statements = method.body?.statements ?? [];
  if (statements.length !== 1) return false;
  const [only] = statements;
  const expression = ts.isReturnStatement(only!) ? only.expression : ts.isExpressionStatement(only!) ? only.expression : undefined;
  const call = expression && ts.isAwaitExpression(expression) ? expression.expression : expression;
  if (!call || !ts.isCallExpression(call) || !call.expression.getText().startsWith('this.d.')) return false;
  const params = method.parameters.map((p) => p.name.getText());
  const args = call.arguments.map((a) => a.getText());
  return args.length === params.length && args.every((a, i) => a === params[i]);
}
