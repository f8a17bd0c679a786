/**
 * What a function's bundle carries in place of the `jsonschema` package (issue 27 item 4: cold
 * starts). ElectroDB uses it for one thing: checking a model against its JSON schema, twice as each
 * entity is made (and four times more when a Service joins it). For the table's 42 entities that
 * cost a function's first request about 110 ms of CPU on this machine, more than the whole import of
 * the DynamoDB client; entities are now made on first use (entities.ts), and still each paid it.
 * The models are fixed code: every test builds them through ElectroDB with the real `jsonschema`
 * (tests import the source, not a bundle), so a model ElectroDB would refuse never reaches a bundle.
 * In the bundle, this answers the one question whose answer changes what ElectroDB does: whether
 * what it was given is a model (a plain object) or something ElectroDB built itself (an entity or a
 * service, marked by `_instance`), which ElectroDB's schema check answers the same way for the
 * table's entities. test/infra/bundled-table.test.ts builds the table from a bundle and holds every
 * entity's parsed model equal to the one built from the source.
 *
 * esbuild puts it in place by an alias (infra/bundle-aliases.ts `BUNDLE_ALIASES`, used by
 * CareLoopFunction's bundling, the bench and the checks): nothing imports it by name.
 */

/** The shape of jsonschema's answer that ElectroDB reads (`errors`, each one's property and argument). */
interface CheckError {
  readonly property: string;
  readonly message: string;
  readonly argument?: string;
}

export class Validator {
  /** ElectroDB registers its custom formats here (`Validator.prototype.customFormats.isFunction = ...`). */
  declare customFormats: Record<string, unknown>;

  /** ElectroDB registers its sub-schemas; nothing checks against them here. */
  addSchema(): void {}

  /** No errors for a model; one for an ElectroDB entity or service, which is not a model. */
  validate(instance: unknown): { errors: CheckError[] } {
    const built = typeof instance === 'object' && instance !== null && '_instance' in instance;
    return { errors: built ? [{ property: 'instance', message: 'is an ElectroDB instance, not a model' }] : [] };
  }
}
Validator.prototype.customFormats = {};
