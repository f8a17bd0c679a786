import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { prerenderedPagesFunction } from '../../infra/stacks/web-stack';
import { SYNTH_TIMEOUT_MS, synthesizeCareLoopApp } from './synth-app';

let web: Template;
let webContent: Template;

beforeAll(() => {
  const app = synthesizeCareLoopApp();
  web = Template.fromStack(app.web);
  webContent = Template.fromStack(app.webContent);
}, SYNTH_TIMEOUT_MS);

describe('web hosting', () => {
  it('keeps the web bucket private, encrypted, TLS-only and access-logged', () => {
    web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: Match.anyValue(),
      LoggingConfiguration: Match.objectLike({
        DestinationBucketName: Match.anyValue(),
      }),
    });
    web.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('serves the bucket through CloudFront with origin access control', () => {
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        Origins: [Match.objectLike({ OriginAccessControlId: Match.anyValue() })],
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          ResponseHeadersPolicyId: Match.anyValue(),
        }),
        Logging: Match.objectLike({ Bucket: Match.anyValue() }),
      }),
    });
  });

  it('falls back to the app shell for client-side routes', () => {
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CustomErrorResponses: [
          {
            ErrorCode: 403,
            ResponseCode: 200,
            ResponsePagePath: '/index.html',
            ErrorCachingMinTTL: 0,
          },
          {
            ErrorCode: 404,
            ResponseCode: 200,
            ResponsePagePath: '/index.html',
            ErrorCachingMinTTL: 0,
          },
        ],
      }),
    });
  });

  it('serves each prerendered public page for its exact path through a viewer-request function', () => {
    const functions = web.findResources('AWS::CloudFront::Function');
    const [[functionId, resource]] = Object.entries(functions) as [[string, { Properties: Record<string, unknown> }]];
    expect(resource.Properties).toMatchObject({
      FunctionCode: prerenderedPagesFunction(),
      FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
      AutoPublish: true,
    });
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [
            { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
          ],
        }),
      }),
    });

    // The function's own code, run as CloudFront runs it on a request.
    const handler = new Function(`${prerenderedPagesFunction()}; return handler;`)() as (event: {
      request: { uri: string; querystring: Record<string, unknown> };
    }) => { uri: string; querystring: Record<string, unknown> };
    const uriFor = (uri: string) => handler({ request: { uri, querystring: {} } }).uri;
    expect(uriFor('/')).toBe('/pages/home.html');
    expect(uriFor('/login')).toBe('/pages/login.html');
    expect(uriFor('/sms-policy')).toBe('/pages/sms-policy.html');
    expect(handler({ request: { uri: '/login', querystring: { confirmed: { value: '1' } } } })).toEqual({
      uri: '/pages/login.html',
      querystring: { confirmed: { value: '1' } },
    });
    for (const uri of ['/admin', '/login/', '/call/abc', '/assets/index-abc.js', '/toString', '/__proto__']) {
      expect(uriFor(uri)).toBe(uri);
    }
  });

  it('sends security headers on every response', () => {
    const policies = Object.values(web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    expect(policies).toHaveLength(2);
    for (const policy of policies) {
      const config = (
        policy.Properties as {
          ResponseHeadersPolicyConfig: {
            SecurityHeadersConfig: Record<string, unknown>;
          };
        }
      ).ResponseHeadersPolicyConfig.SecurityHeadersConfig;
      expect(config).toMatchObject({
        StrictTransportSecurity: {
          AccessControlMaxAgeSec: expect.any(Number),
          Override: true,
        },
        FrameOptions: { FrameOption: 'DENY', Override: true },
        ContentTypeOptions: { Override: true },
        ReferrerPolicy: { Override: true },
      });
      const csp = JSON.stringify(config.ContentSecurityPolicy);
      for (const directive of [
        "default-src 'self'",
        "frame-ancestors 'none'",
        'connect-src',
        'cognito-idp.',
        'execute-api.',
      ]) {
        expect(csp).toContain(directive);
      }
      // Web calls are created by the server: the browser only joins the call's room.
      expect(csp).not.toContain('api.vapi.ai');
    }
  });
});

describe('web content', () => {
  it('deploys runtime-config.json with the API URL, region, user pool and client', () => {
    webContent.resourceCountIs('Custom::CDKBucketDeployment', 1);
    const deployment = Object.values(webContent.findResources('Custom::CDKBucketDeployment'))[0];
    const markers = JSON.stringify((deployment?.Properties as { SourceMarkers: unknown }).SourceMarkers);
    expect(markers).toContain('RestApi');
    expect(markers).toContain('UserPool');
    expect(markers).toContain('UserPoolWebClient');
    expect(markers).toContain('AWS::Region');
  });
});
