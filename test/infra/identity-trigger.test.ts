/**
 * The user pool's post-confirmation trigger (job manifest, kind `identity`): the pool in the
 * Stateful stack names the Stateless function by its fixed name, Cognito may invoke it from that
 * pool only, and neither stack references the other the wrong way round.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { namePrefix } from '../../infra/config';
import { SYNTH_TIMEOUT_MS, synthesizeCareLoopApp, type SynthesizedCareLoopApp } from './synth-app';

let app: SynthesizedCareLoopApp;
let stateful: Template;
let stateless: Template;

beforeAll(() => {
  app = synthesizeCareLoopApp();
  stateful = Template.fromStack(app.stateful);
  stateless = Template.fromStack(app.stateless);
}, SYNTH_TIMEOUT_MS);

const functionName = () => `${namePrefix(app.config)}-post-confirmation`;

describe('post-confirmation trigger', () => {
  it("points the pool's PostConfirmation at the post-confirmation job function", () => {
    const [pool] = Object.values(stateful.findResources('AWS::Cognito::UserPool')) as {
      Properties: { LambdaConfig?: { PostConfirmation?: unknown } };
    }[];
    const arn = JSON.stringify(pool?.Properties.LambdaConfig?.PostConfirmation);
    expect(arn).toContain(`:function:${functionName()}`);
    expect(arn).toContain('arn:');

    const functions = stateless.findResources('AWS::Lambda::Function', {
      Properties: { FunctionName: functionName() },
    });
    expect(Object.keys(functions)).toHaveLength(1);
  });

  it('lets Cognito invoke the function, from this pool of this account only', () => {
    const [fnId] = Object.keys(
      stateless.findResources('AWS::Lambda::Function', { Properties: { FunctionName: functionName() } }),
    );
    const permissions = Object.values(
      stateless.findResources('AWS::Lambda::Permission', {
        Properties: { Principal: 'cognito-idp.amazonaws.com' },
      }),
    ) as { Properties: Record<string, unknown> }[];
    expect(permissions).toHaveLength(1);
    const [permission] = permissions;
    expect(permission?.Properties).toMatchObject({
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
      SourceAccount: { Ref: 'AWS::AccountId' },
    });
    // The pool's ARN is read from the Stateful stack, never the other way round.
    const sourceArn = JSON.stringify(permission?.Properties.SourceArn);
    expect(sourceArn).toContain(app.stateful.stackName);
    expect(sourceArn).toContain('UserPool');
  });

  it('keeps the Stateful stack free of any reference to the Stateless one', () => {
    const template = JSON.stringify(stateful.toJSON());
    expect(template).not.toContain(app.stateless.stackName);
    expect(template).not.toContain('Fn::ImportValue');
    expect(app.stateful.dependencies).not.toContain(app.stateless);
    expect(app.stateless.dependencies).toContain(app.stateful);
  });
});
