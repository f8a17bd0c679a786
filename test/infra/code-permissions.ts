import { join, relative } from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from '../../infra/config';

/**
 * What each function's code can ask AWS to do, read from the code itself: the IAM actions of the
 * DynamoDB operations (through ElectroDB) and of the AWS SDK commands its handler can reach.
 *
 * Why a call graph and not the import graph: every handler builds its dependencies with
 * `tableDeps()`, which constructs every repository, so every bundle contains every repository and
 * an import walk would give every function every operation. Instead this walks what can run:
 * from the handler module's top level, every function, method and initializer an expression names
 * (resolved by the type checker), where a call through a port interface (`deps.patients.create`)
 * reaches the method of every class implementing that interface. Constructing a class reaches its
 * constructor, not its methods. It errs on the side of reaching too much (a reached function's
 * nested callbacks count even if never called), never too little, so a grant derived from it is
 * never short.
 *
 * Recognised operations:
 * - ElectroDB entities: `get` (GetItem, and BatchGetItem: the entities' client joins gets started
 *   together, and an array is one anyway), `query.<index>` and
 *   `collections` (Query), `put`/`create` (PutItem; `put` with an array, BatchWriteItem),
 *   `update`/`patch`/`upsert` (UpdateItem: ElectroDB's upsert is an UpdateExpression), `delete`
 *   (DeleteItem; with an array, BatchWriteItem), `remove` (DeleteItem), `scan` (Scan), `find` and
 *   `match` (Query, or Scan when no index fits: both). Inside `transaction.write` the same
 *   methods plus `check` (ConditionCheckItem); DynamoDB authorizes a transaction by the item
 *   actions it contains. `transaction.get` items are GetItem.
 * - AWS SDK v3: `new <Name>Command(...)` of a client package is `<service>:<Name>`;
 *   `@aws-sdk/lib-dynamodb` document commands map to their item actions.
 * Any other ElectroDB member that is not known to be free of I/O fails the derivation, so a new
 * kind of operation cannot go unnoticed.
 *
 * `markers` name functions (`path#name`) whose reach is itself a fact worth recording, as a pseudo
 * action: which secret a function reads, when one SDK command serves several secrets.
 */

/** IAM action → where the code issues it (`DynamoPatientRepository.create (lambdas/…:38)`). */
export type IssuedActions = ReadonlyMap<string, readonly string[]>;

/** IAM service prefix of each AWS SDK v3 client package. */
const SDK_SERVICES: Record<string, string> = {
  'client-dynamodb': 'dynamodb',
  'client-cognito-identity-provider': 'cognito-idp',
  'client-scheduler': 'scheduler',
  'client-sesv2': 'ses',
  'client-ses': 'ses',
  'client-secrets-manager': 'secretsmanager',
  'client-eventbridge': 'events',
  'client-sqs': 'sqs',
  'client-sns': 'sns',
  'client-s3': 's3',
  'client-ssm': 'ssm',
  'client-kms': 'kms',
  'client-lambda': 'lambda',
};

/** Document client commands (`@aws-sdk/lib-dynamodb`) and the item actions they need. */
const DOCUMENT_COMMANDS: Record<string, readonly string[]> = {
  // Sent through the entities' client (platform/dynamodb/item-by-key.ts), a get travels as a
  // BatchGetItem when others start with it (coalescing-client.ts), as ElectroDB's gets do.
  GetCommand: ['GetItem', 'BatchGetItem'],
  PutCommand: ['PutItem'],
  UpdateCommand: ['UpdateItem'],
  DeleteCommand: ['DeleteItem'],
  QueryCommand: ['Query'],
  ScanCommand: ['Scan'],
  BatchGetCommand: ['BatchGetItem'],
  BatchWriteCommand: ['BatchWriteItem'],
  TransactGetCommand: ['GetItem'],
  // The items decide (Put, Update, Delete, ConditionCheck): count all of them.
  TransactWriteCommand: ['PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
  ExecuteStatementCommand: ['PartiQLSelect', 'PartiQLInsert', 'PartiQLUpdate', 'PartiQLDelete'],
};

type ElectroOperation = readonly string[] | { readonly single: string; readonly batch: string };

/** ElectroDB members by declaring class: the DynamoDB actions they issue (`[]`: no I/O). */
const ELECTRODB_MEMBERS: Record<string, Record<string, ElectroOperation>> = {
  Entity: {
    // A single get travels as a BatchGetItem when others start with it (coalescing-client.ts).
    get: ['GetItem', 'BatchGetItem'],
    put: { single: 'PutItem', batch: 'BatchWriteItem' },
    delete: { single: 'DeleteItem', batch: 'BatchWriteItem' },
    create: ['PutItem'],
    update: ['UpdateItem'],
    patch: ['UpdateItem'],
    upsert: ['UpdateItem'],
    remove: ['DeleteItem'],
    query: ['Query'],
    scan: ['Scan'],
    find: ['Query', 'Scan'],
    match: ['Query', 'Scan'],
    schema: [],
    parse: [],
    setIdentifier: [],
    setTableName: [],
    getTableName: [],
    setClient: [],
    client: [],
  },
  TransactWriteEntity: {
    check: ['ConditionCheckItem'],
    put: ['PutItem'],
    create: ['PutItem'],
    update: ['UpdateItem'],
    patch: ['UpdateItem'],
    upsert: ['UpdateItem'],
    delete: ['DeleteItem'],
    remove: ['DeleteItem'],
    schema: [],
  },
  TransactGetEntity: { get: ['GetItem'], schema: [] },
  Service: { entities: [], transaction: [], collections: ['Query'] },
};

/**
 * The IAM actions the code reachable from each entry module can issue. `entries` maps a function
 * name to its handler file (absolute, or relative to the repository root).
 */
export function issuedActionsByFunction(
  entries: Readonly<Record<string, string>>,
  markers: Readonly<Record<string, string>> = {},
): Map<string, IssuedActions> {
  const files = Object.fromEntries(
    Object.entries(entries).map(([name, file]) => [name, file.startsWith('/') ? file : join(REPO_ROOT, file)]),
  );
  const program = createProgram(Object.values(files));
  const checker = program.getTypeChecker();
  const implementors = classImplementors(program, checker);
  const result = new Map<string, IssuedActions>();
  for (const [name, file] of Object.entries(files)) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${name}: ${file} is not part of the program`);
    result.set(name, walk(source, checker, implementors, markers));
  }
  return result;
}

function createProgram(rootNames: string[]): ts.Program {
  const configFile = ts.readConfigFile(join(REPO_ROOT, 'tsconfig.json'), (path) => ts.sys.readFile(path));
  if (configFile.error) throw new Error(ts.flattenDiagnosticMessageText(configFile.error.messageText, '\n'));
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, REPO_ROOT);
  return ts.createProgram({ rootNames, options: { ...options, noEmit: true } });
}

const isProjectFile = (file: ts.SourceFile) =>
  !file.isDeclarationFile && !file.fileName.includes('/node_modules/') && file.fileName.startsWith(REPO_ROOT);

const resolveAlias = (checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol =>
  symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;

/**
 * Interface symbol → the classes that implement it: directly or through an interface extending it,
 * or structurally. A capability declares the ports it needs in its own ports.ts, and another
 * capability's store satisfies them without naming them (docs/architecture.md), so a call through
 * such a port reaches the methods of every class whose instances are assignable to it.
 */
function classImplementors(
  program: ts.Program,
  checker: ts.TypeChecker,
): (iface: ts.Symbol) => readonly ts.ClassLikeDeclaration[] {
  const declared = new Map<ts.Symbol, ts.ClassLikeDeclaration[]>();
  const classes: ts.ClassDeclaration[] = [];
  const add = (iface: ts.Symbol, cls: ts.ClassLikeDeclaration, seen = new Set<ts.Symbol>()) => {
    if (seen.has(iface)) return;
    seen.add(iface);
    declared.set(iface, [...(declared.get(iface) ?? []), cls]);
    for (const declaration of iface.declarations ?? []) {
      if (!ts.isInterfaceDeclaration(declaration)) continue;
      for (const clause of declaration.heritageClauses ?? []) {
        for (const base of clause.types) {
          const symbol = checker.getSymbolAtLocation(base.expression);
          if (symbol) add(resolveAlias(checker, symbol), cls, seen);
        }
      }
    }
  };
  for (const file of program.getSourceFiles()) {
    if (!isProjectFile(file)) continue;
    const visit = (node: ts.Node) => {
      if (ts.isClassDeclaration(node) && node.name) classes.push(node);
      if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
        for (const clause of node.heritageClauses ?? []) {
          if (clause.token !== ts.SyntaxKind.ImplementsKeyword) continue;
          for (const type of clause.types) {
            const symbol = checker.getSymbolAtLocation(type.expression);
            if (symbol) add(resolveAlias(checker, symbol), node);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  const structural = new Map<ts.Symbol, readonly ts.ClassLikeDeclaration[]>();
  return (iface) => {
    let found = structural.get(iface);
    if (!found) {
      const target = checker.getDeclaredTypeOfSymbol(iface);
      const generic = (iface.declarations ?? []).some((d) => ts.isInterfaceDeclaration(d) && d.typeParameters);
      const assignable = generic
        ? []
        : classes.filter((cls) => {
            const symbol = cls.name && checker.getSymbolAtLocation(cls.name);
            return symbol ? checker.isTypeAssignableTo(checker.getDeclaredTypeOfSymbol(symbol), target) : false;
          });
      found = [...new Set([...(declared.get(iface) ?? []), ...assignable])];
      structural.set(iface, found);
    }
    return found;
  };
}

function walk(
  entry: ts.SourceFile,
  checker: ts.TypeChecker,
  implementors: (iface: ts.Symbol) => readonly ts.ClassLikeDeclaration[],
  markers: Readonly<Record<string, string>>,
): IssuedActions {
  const issued = new Map<string, Set<string>>();
  const queued = new Set<ts.Node>();
  const modules = new Set<ts.SourceFile>();
  const queue: ts.Node[] = [];

  const enqueue = (node: ts.Node | undefined) => {
    if (!node || queued.has(node)) return;
    const file = node.getSourceFile();
    if (!isProjectFile(file)) return;
    queued.add(node);
    queue.push(node);
    if (!modules.has(file)) {
      // A module's top level runs when it is first imported.
      modules.add(file);
      for (const statement of file.statements) if (runsAtImport(statement)) enqueue(statement);
    }
  };

  const record = (actions: readonly string[], at: ts.Node) => {
    const via = describe(at);
    for (const action of actions) {
      const sites = issued.get(action) ?? new Set<string>();
      sites.add(via);
      issued.set(action, sites);
    }
  };

  /** What running `declaration` (a function, an initializer, a class) reaches. */
  const reach = (declaration: ts.Declaration) => {
    if (!isProjectFile(declaration.getSourceFile())) return;
    if (ts.isFunctionDeclaration(declaration) && declaration.name) {
      const marker = markers[`${relative(REPO_ROOT, declaration.getSourceFile().fileName)}#${declaration.name.text}`];
      if (marker) record([marker], declaration);
    }
    if (ts.isFunctionLike(declaration) && !ts.isMethodSignature(declaration)) {
      enqueue(declaration);
    } else if (ts.isVariableDeclaration(declaration) || ts.isPropertyDeclaration(declaration)) {
      enqueue(declaration.initializer);
    } else if (ts.isPropertyAssignment(declaration)) {
      enqueue(declaration.initializer);
    } else if (ts.isClassLike(declaration)) {
      for (const member of declaration.members) {
        if (ts.isConstructorDeclaration(member) || ts.isClassStaticBlockDeclaration(member)) enqueue(member);
        else if (ts.isPropertyDeclaration(member)) enqueue(member.initializer);
      }
      for (const clause of declaration.heritageClauses ?? []) {
        if (clause.token === ts.SyntaxKind.ExtendsKeyword) for (const type of clause.types) enqueue(type.expression);
      }
    } else if (
      (ts.isMethodSignature(declaration) || ts.isPropertySignature(declaration)) &&
      ts.isInterfaceDeclaration(declaration.parent)
    ) {
      const iface = checker.getSymbolAtLocation(declaration.parent.name);
      const member = declaration.name.getText();
      for (const cls of iface ? implementors(iface) : []) {
        for (const candidate of cls.members) {
          if (candidate.name?.getText() === member) reach(candidate);
        }
      }
    }
  };

  const visit = (node: ts.Node): void => {
    // Types, imports and declarations of types run nothing.
    if (
      ts.isTypeNode(node) ||
      ts.isInterfaceDeclaration(node) ||
      ts.isTypeAliasDeclaration(node) ||
      ts.isImportDeclaration(node) ||
      ts.isExportDeclaration(node)
    ) {
      return;
    }
    if (ts.isNewExpression(node)) sdkCommand(node);
    if (ts.isPropertyAccessExpression(node)) electroMember(node);
    if (ts.isIdentifier(node)) {
      const symbol = ts.isShorthandPropertyAssignment(node.parent)
        ? checker.getShorthandAssignmentValueSymbol(node.parent)
        : checker.getSymbolAtLocation(node);
      if (symbol) for (const declaration of resolveAlias(checker, symbol).declarations ?? []) reach(declaration);
    }
    ts.forEachChild(node, visit);
  };

  const sdkCommand = (node: ts.NewExpression) => {
    const symbol = checker.getSymbolAtLocation(node.expression);
    const declaration = symbol && resolveAlias(checker, symbol).declarations?.[0];
    const name = symbol && resolveAlias(checker, symbol).getName();
    if (!declaration || !name?.endsWith('Command')) return;
    const packageName = /\/node_modules\/@aws-sdk\/([^/]+)\//.exec(declaration.getSourceFile().fileName)?.[1];
    if (!packageName) return;
    if (packageName === 'lib-dynamodb') {
      const actions = DOCUMENT_COMMANDS[name];
      if (!actions) throw new Error(`${describe(node)}: unknown document client command ${name}`);
      record(
        actions.map((action) => `dynamodb:${action}`),
        node,
      );
      return;
    }
    const service = SDK_SERVICES[packageName];
    if (!service) throw new Error(`${describe(node)}: no IAM service known for @aws-sdk/${packageName}`);
    record([`${service}:${name.slice(0, -'Command'.length)}`], node);
  };

  const electroMember = (node: ts.PropertyAccessExpression) => {
    const symbol = checker.getSymbolAtLocation(node.name);
    const declaration = symbol?.declarations?.[0];
    if (!declaration || !/\/node_modules\/electrodb\//.test(declaration.getSourceFile().fileName)) return;
    const owner = declaration.parent;
    const ownerName = ts.isClassDeclaration(owner) ? owner.name?.text : undefined;
    const members = ownerName ? ELECTRODB_MEMBERS[ownerName] : undefined;
    if (!members) return;
    const member = node.name.text;
    const operation = members[member];
    if (!operation) {
      throw new Error(
        `${describe(node)}: ElectroDB ${ownerName}.${member} is not a known operation; add it to the map`,
      );
    }
    if ('single' in operation) {
      const call = node.parent;
      const argument = ts.isCallExpression(call) && call.expression === node ? call.arguments[0] : undefined;
      const type = argument && checker.getTypeAtLocation(argument);
      const batch = type !== undefined && (checker.isArrayType(type) || checker.isTupleType(type));
      record([`dynamodb:${batch ? operation.batch : operation.single}`], node);
    } else {
      record(
        operation.map((action) => `dynamodb:${action}`),
        node,
      );
    }
  };

  // Enqueueing any node of a module enqueues the statements its import runs.
  enqueue(entry.statements.find(runsAtImport) ?? entry.statements[0]);
  while (queue.length > 0) {
    const node = queue.pop() as ts.Node;
    // A function or class body is walked whole (nested callbacks included), its name too.
    visit(node);
  }
  return new Map([...issued].map(([action, sites]) => [action, [...sites].sort()]));
}

/** Top-level statements that run when the module loads: not declarations of functions, classes or types. */
function runsAtImport(statement: ts.Statement): boolean {
  return !(
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isImportDeclaration(statement) ||
    ts.isExportDeclaration(statement) ||
    ts.isEnumDeclaration(statement) ||
    ts.isModuleDeclaration(statement)
  );
}

/** `Class.method (path:line)` or `function (path:line)` of the code around a node. */
function describe(node: ts.Node): string {
  const file = node.getSourceFile();
  const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const names: string[] = [];
  for (let current: ts.Node | undefined = node; current; current = current.parent) {
    if (
      (ts.isFunctionDeclaration(current) || ts.isMethodDeclaration(current) || ts.isClassDeclaration(current)) &&
      current.name
    ) {
      names.unshift(current.name.getText());
    } else if (ts.isVariableDeclaration(current) && ts.isIdentifier(current.name)) {
      names.unshift(current.name.text);
    }
  }
  return `${names.join('.') || '<module>'} (${relative(REPO_ROOT, file.fileName)}:${line})`;
}
