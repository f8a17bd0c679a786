import { Aws, CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import type { ResponseSecurityHeadersBehavior } from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { PRERENDERED_PAGES } from '../../shared/prerendered-pages';
import type { CareLoopConfig } from '../config';
import { acknowledge } from '../nag';

export interface WebStackProps extends StackProps {
  readonly config: CareLoopConfig;
}

/**
 * Where the single-page app is served from: a private bucket behind CloudFront (origin access
 * control, security headers, SPA fallback). The content itself is deployed by WebContentStack,
 * after the API exists, because runtime-config.json carries the API URL while the API's CORS
 * origin is this distribution.
 */
export class WebStack extends Stack {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** `https://` + the custom domain or the CloudFront domain. */
  readonly webOrigin: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;

    const logsBucket = new Bucket(this, 'LogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      // CloudFront standard logging writes through bucket ACLs.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      lifecycleRules: [
        {
          expiration: Duration.days(365),
          noncurrentVersionExpiration: Duration.days(30),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      logsBucket,
      ['HIPAA.Security-S3DefaultEncryptionKMS'],
      'S3 server access log delivery only supports SSE-S3 on the destination bucket; it is encrypted with SSE-S3.',
    );
    acknowledge(
      logsBucket,
      ['HIPAA.Security-S3BucketReplicationEnabled'],
      'Access logs of public static assets; versioning protects them in place and a cross-region copy adds ' +
        'no recovery value.',
    );

    this.bucket = new Bucket(this, 'WebBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 'web-bucket/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.bucket,
      ['HIPAA.Security-S3DefaultEncryptionKMS'],
      'Holds only the public build of the web app (no PHI, served to anyone); SSE-S3 avoids a KMS call per ' +
        'CloudFront origin fetch and a key policy tied to the distribution.',
    );
    acknowledge(
      this.bucket,
      ['HIPAA.Security-S3BucketReplicationEnabled'],
      'Build artifacts are reproducible from git with `npm run build:web` and redeployed by CDK; replicas ' +
        'would add no recovery value.',
    );

    const certificate = config.webDomain
      ? Certificate.fromCertificateArn(this, 'Certificate', config.webDomain.certificateArn)
      : undefined;

    const securityHeaders = securityHeadersBehavior();
    const origin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    // index.html and runtime-config.json must reach browsers fresh after each deploy; hashed assets never change.
    const appShellHeaders = new ResponseHeadersPolicy(this, 'AppShellHeaders', {
      comment: 'CareLoop: security headers, no caching',
      securityHeadersBehavior: securityHeaders,
      customHeadersBehavior: {
        customHeaders: [{ header: 'Cache-Control', value: 'no-cache', override: true }, ...EXTRA_SECURITY_HEADERS],
      },
    });
    const assetHeaders = new ResponseHeadersPolicy(this, 'AssetHeaders', {
      comment: 'CareLoop: security headers, immutable hashed assets',
      securityHeadersBehavior: securityHeaders,
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Cache-Control',
            value: 'public, max-age=31536000, immutable',
            override: true,
          },
          ...EXTRA_SECURITY_HEADERS,
        ],
      },
    });

    const prerenderedPages = new CloudFrontFunction(this, 'PrerenderedPages', {
      comment: 'CareLoop: serves each prerendered public page for its path',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(prerenderedPagesFunction()),
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `CareLoop web (${config.stage})`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        responseHeadersPolicy: appShellHeaders,
        compress: true,
        functionAssociations: [{ function: prerenderedPages, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/assets/*': {
          origin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: assetHeaders,
          compress: true,
        },
      },
      // Other client-side routes (/admin, /call/{token}, ...) are not objects: serve the app shell.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
      domainNames: config.webDomain ? [config.webDomain.domainName] : undefined,
      certificate,
      // Only a custom certificate lets CloudFront enforce a TLS policy (see AwsSolutions-CFR4 below).
      minimumProtocolVersion: certificate ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logsBucket,
      logFilePrefix: 'cloudfront/',
      logIncludesCookies: false,
    });
    this.webOrigin = `https://${config.webDomain?.domainName ?? this.distribution.distributionDomainName}`;
    new CfnOutput(this, 'WebUrl', { value: this.webOrigin });
    if (!config.webDomain) {
      acknowledge(
        this.distribution,
        ['AwsSolutions-CFR4'],
        'Without the webDomainName/webCertificateArn context the app is served on the *.cloudfront.net ' +
          'default certificate, whose TLS policy CloudFront fixes; set both for a TLSv1.2_2021-only custom domain.',
      );
    }
    acknowledge(
      this.distribution,
      ['AwsSolutions-CFR1'],
      'Clinicians and patients may sign in from anywhere (travel, telehealth); no geography is excluded.',
    );
    acknowledge(
      this.distribution,
      ['AwsSolutions-CFR2'],
      'The distribution serves only static public assets; every data request goes to the REST API, which has ' +
        'its own regional WAF web ACL.',
    );
  }
}

/**
 * Viewer-request function: the public pages prerendered at build time (web/prerender.ts) are
 * objects of their own (`/login` is `pages/login.html`); the request for each exact path is pointed
 * at its object. Query strings pass through untouched.
 */
export function prerenderedPagesFunction(): string {
  return [
    `var PAGES = ${JSON.stringify(Object.fromEntries(Object.entries(PRERENDERED_PAGES).map(([path, file]) => [path, `/${file}`])))};`,
    'function handler(event) {',
    '  var request = event.request;',
    '  if (Object.prototype.hasOwnProperty.call(PAGES, request.uri)) request.uri = PAGES[request.uri];',
    '  return request;',
    '}',
  ].join('\n');
}

/** Headers CloudFront's security-header behavior has no field for. */
const EXTRA_SECURITY_HEADERS = [
  {
    header: 'Permissions-Policy',
    value: 'camera=(), geolocation=(), payment=(), microphone=(self)',
    override: true,
  },
  {
    header: 'Cross-Origin-Opener-Policy',
    value: 'same-origin',
    override: true,
  },
];

function securityHeadersBehavior(): ResponseSecurityHeadersBehavior {
  return {
    contentSecurityPolicy: {
      contentSecurityPolicy: contentSecurityPolicy(),
      override: true,
    },
    strictTransportSecurity: {
      accessControlMaxAge: Duration.days(730),
      includeSubdomains: true,
      override: true,
    },
    contentTypeOptions: { override: true },
    frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
    // Call and summary links carry their token in the path: never send it anywhere, not even to our logs.
    referrerPolicy: {
      referrerPolicy: HeadersReferrerPolicy.NO_REFERRER,
      override: true,
    },
  };
}

/**
 * The SPA loads its own scripts and styles, calls the REST API and Cognito of this region, and
 * (web calls) joins the server-created call over Vapi's Daily WebRTC transport; it never calls
 * Vapi's API, which only the server's private key may. Mantine sets inline style attributes.
 */
function contentSecurityPolicy(): string {
  const region = Aws.REGION;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Vapi's web SDK loads Daily's call machine from its CDN when a web call starts.
    'script-src': ["'self'", 'https://c.daily.co'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      `https://*.execute-api.${region}.amazonaws.com`,
      `https://cognito-idp.${region}.amazonaws.com`,
      'https://*.daily.co',
      'wss://*.daily.co',
    ],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return [
    ...Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`),
    'upgrade-insecure-requests',
  ].join('; ');
}
